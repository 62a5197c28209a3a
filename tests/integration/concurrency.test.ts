/**
 * Races that PGlite cannot show (it runs one transaction at a time), so they run on PostgreSQL only
 * (STACK.md, "Traps").
 *
 * @backends every: races that only PostgreSQL can show.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { jobsSettled } from '../support/job-table';
import { errorCodes, expectError, sharedDriver, uniqueEmail, type Client } from './driver';

const api = sharedDriver();
let client: Client;

describe.runIf(inject('dbKind') === 'postgres')('simultaneous requests on PostgreSQL', () => {
  beforeAll(async () => {
    client = await api.createClient({ name: 'Concurrency tests' });
  });

  it('20 simultaneous sign-ups with one e-mail: exactly one 201 and nineteen 3.5', async () => {
    const email = uniqueEmail('race');
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) => api.signUp(client, { email: i % 2 ? email : email.toUpperCase(), name: `Racer ${i}` })),
    );
    const statuses = replies.map(({ reply }) => reply.status).sort();
    expect(statuses).toEqual([201, ...Array(19).fill(400)]);
    for (const { reply } of replies.filter(({ reply }) => reply.status === 400)) {
      expectError(reply, 400, '3.5', 'email');
    }
    // One account, one activation mail.
    await api.mailsTo(email);
    await jobsSettled(api.target, ['mail.send']);
    expect(await api.mailsTo(email)).toHaveLength(1);
  });

  it('one refresh token used twice at the same moment: one wins, the family is revoked', async () => {
    const account = await api.createActiveAccount(client);
    const tokens = await api.login(client, account);
    const replies = await Promise.all(Array.from({ length: 2 }, () => api.token(client, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token })));
    const winners = replies.filter((reply) => reply.status === 200);
    expect(winners).toHaveLength(1);
    const loser = replies.find((reply) => reply.status !== 200)!;
    expect(loser.status).toBe(400);
    expect(errorCodes(loser)).toEqual(['1.13']);
    // The loser looks like reuse: the pair the winner got is revoked with the family.
    expect((await api.me(winners[0]!.body.access_token)).status).toBe(401);
  });
});
