/**
 * Finding of issue 32 (Info): without PUBLIC_URL, next-auth's URLs used port 3000 whatever PORT was (its own default
 * when NEXTAUTH_URL is unset), so the portal's sign-in pointed elsewhere. next-auth now takes the service's own
 * address: PUBLIC_URL, else http://localhost:PORT. A server of its own with neither PUBLIC_URL nor NEXTAUTH_URL.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RunningServer } from '../support/server';
import { Driver, serverTarget, startOwnServer } from './driver';

let server: RunningServer;
let api: Driver;

beforeAll(async () => {
  server = await startOwnServer('next-auth-port', { PUBLIC_URL: '', NEXTAUTH_URL: '' });
  api = new Driver(serverTarget(server));
}, 180_000);
afterAll(async () => server?.dispose());

it('next-auth’s URLs follow PORT when PUBLIC_URL is unset', async () => {
  const port = new URL(server.baseUrl).port;
  expect(port).not.toBe('3000');
  const reply = await api.get('/api/auth/providers');
  expect(reply.status, reply.text).toBe(200);
  expect(reply.body.credentials.signinUrl).toBe(`http://localhost:${port}/api/auth/signin/credentials`);
  expect(reply.body.credentials.callbackUrl).toBe(`http://localhost:${port}/api/auth/callback/credentials`);
});
