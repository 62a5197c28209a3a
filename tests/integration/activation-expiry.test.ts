/**
 * Contract §3, 4.37: an activation link that has expired. Needs a server with short-lived links, so
 * this file starts its own with links living two seconds (same database kind and SMTP sink as the shared one).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RunningServer } from '../support/server';
import { Driver, expectError, serverTarget, startOwnServer, type Client } from './driver';

const TTL_SECONDS = 2;
let server: RunningServer;
let api: Driver;
let client: Client;

beforeAll(async () => {
  server = await startOwnServer('activation-expiry', { ACTIVATION_TOKEN_TTL_SECONDS: String(TTL_SECONDS) });
  api = new Driver(serverTarget(server));
  client = await api.createClient({ name: 'Expiry tests' });
});

afterAll(async () => {
  await server?.dispose();
});

it('4.37: an expired activation link is refused and the account stays inactive', async () => {
  const { reply, input } = await api.signUp(client);
  expect(reply.status).toBe(201);
  const token = await api.activationToken(input.email);
  await new Promise((resolve) => setTimeout(resolve, TTL_SECONDS * 1000 + 200));

  const activation = await api.activate(token);
  expectError(activation, 409, '4.37');

  const login = await api.passwordGrant(client, input.email, input.password);
  expectError(login, 400, '1.7');
});

it('a link opened within its lifetime works on the same server (the control)', async () => {
  const { input } = await api.signUp(client);
  const token = await api.activationToken(input.email);
  const activation = await api.activate(token);
  expect(activation.status, activation.text).toBe(301);
});
