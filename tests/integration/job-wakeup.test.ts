/**
 * The job queue wakes its worker when a job is queued (issue 6): with a poll interval of a minute, a mail
 * queued by a request still reaches the SMTP sink at once, because the worker LISTENs for the NOTIFY that the
 * queuing transaction sends when it commits.
 *
 * @backends every: LISTEN/NOTIFY is the database's own (PGlite and PostgreSQL implement it apart).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RunningServer } from '../support/server';
import { Driver, serverTarget, startOwnServer, type Client } from './driver';

let server: RunningServer;
let api: Driver;
let client: Client;

beforeAll(async () => {
  server = await startOwnServer('job-wakeup', { JOB_POLL_INTERVAL_MS: '60000' });
  api = new Driver(serverTarget(server));
  client = await api.createClient({ name: 'Wake-up tests' });
});

afterAll(async () => {
  await server?.dispose();
});

it('a queued mail reaches the SMTP sink within 2 s although the worker polls once a minute', async () => {
  // The worker has drained the queue at start and now sleeps for a minute unless woken.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  for (let round = 0; round < 2; round += 1) {
    const { reply, input } = await api.signUp(client);
    expect(reply.status).toBe(201);
    const queuedAt = Date.now();
    const [mail] = await api.mailsTo(input.email, 1, 2_000);
    expect(mail!.subject).toMatch(/activate/i);
    expect(Date.now() - queuedAt).toBeLessThan(2_000);
  }
});
