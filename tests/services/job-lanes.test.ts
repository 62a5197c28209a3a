/**
 * The job queue's lanes and pools (issue 20): jobs of one lane (a webhook subscription) run one at a time, also
 * when workers claim side by side (on PostgreSQL, where claims really race); a busy lane is passed over, not waited
 * behind; a finished or failed job frees its lane; a dead worker's lane is taken again once its lease ran out;
 * each pool's loops claim only their own kinds; and a group (an account) with nothing in flight goes first, its
 * limit exact under racing claims (issue 32).
 *
 * @backends every (run on PostgreSQL in `npm test` too, vitest.config.ts): claims really race on PostgreSQL only.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@/server/db/rows';
import { claimNextJob, completeJob, enqueue, failJob, type ClaimedJob } from '@/server/jobs/queue';
import { kindsOfPool } from '@/server/jobs/kinds';
import { databaseKinds, openTestDatabase, type TestDatabase } from './harness';

const LEASE_MS = { 'mail.send': 30_000, 'password-reset.mail': 30_000, 'webhook.deliver': 30_000 };
const WEBHOOKS = kindsOfPool('webhooks');
const GENERAL = kindsOfPool('general');

describe.each(databaseKinds())('job lanes and pools (%s)', (kind) => {
  let database: TestDatabase;
  const db = () => database.handle.db;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  }, 120_000);
  afterAll(async () => database?.dispose());

  const deliveryOf = (job: ClaimedJob | undefined) => (job?.payload as { deliveryId: string } | undefined)?.deliveryId;

  async function queue(name: string, lane: string | undefined, count: number) {
    for (let index = 0; index < count; index++) await enqueue(db(), 'webhook.deliver', { deliveryId: `${name}-${index}` }, lane ? { lane } : {});
  }

  it('runs one job per lane at a time, even when eight workers claim at once, and passes over a busy lane', async () => {
    await queue('slow', 'lane-slow', 4);
    await queue('other', 'lane-other', 2);
    await enqueue(db(), 'mail.send', { mailId: 'mail-1' });

    const claims = await Promise.all(Array.from({ length: 8 }, () => claimNextJob(db(), LEASE_MS, WEBHOOKS)));
    const taken = claims.filter((job) => job !== undefined).map(deliveryOf);
    // One of each lane: the slow lane's three other jobs wait, the other lane's first job is not kept behind them.
    expect(taken.sort()).toEqual(['other-0', 'slow-0']);

    // The general pool's loops take the mail and nothing of the webhooks.
    const mail = await claimNextJob(db(), LEASE_MS, GENERAL);
    expect(mail?.kind).toBe('mail.send');
    expect(await claimNextJob(db(), LEASE_MS, GENERAL)).toBeUndefined();

    // A finished job frees its lane: the lane's next job is taken.
    const slow0 = claims.find((job) => deliveryOf(job) === 'slow-0')!;
    await completeJob(db(), slow0.id);
    const slow1 = await claimNextJob(db(), LEASE_MS, WEBHOOKS);
    expect(deliveryOf(slow1)).toBe('slow-1');
    expect(await claimNextJob(db(), LEASE_MS, WEBHOOKS)).toBeUndefined();

    // A failed attempt waiting for its retry frees the lane too.
    await failJob(db(), slow1!, 'receiver did not answer', [60_000]);
    expect(deliveryOf(await claimNextJob(db(), LEASE_MS, WEBHOOKS))).toBe('slow-2');
  });

  it("takes a dead worker's lane again once the lease has run out", async () => {
    await queue('dead', 'lane-dead', 2);
    const shortLease = { ...LEASE_MS, 'webhook.deliver': 200 };
    const first = await claimNextJob(db(), shortLease, WEBHOOKS);
    expect(deliveryOf(first)).toBe('dead-0');
    // The worker "dies": no complete, no fail. Until the lease ends the lane stays busy.
    expect(deliveryOf(await claimNextJob(db(), shortLease, WEBHOOKS)) ?? 'none').not.toMatch(/^dead-/);
    await new Promise((resolve) => setTimeout(resolve, 400));
    // At-least-once: the dead worker's job comes back first, in its lane.
    const again = await claimNextJob(db(), shortLease, WEBHOOKS);
    expect(deliveryOf(again)).toBe('dead-0');
    expect(again!.attempts).toBe(2);
    const [lane] = await queryRows<{ job_id: number }>(db(), sql`select job_id from job_lanes where lane = 'lane-dead'`);
    expect(Number(lane!.job_id)).toBe(again!.id);

    // Finish the lane, so that its jobs (leases of 200 ms) are not claimed again by the next test.
    await completeJob(db(), again!.id);
    const next = await claimNextJob(db(), LEASE_MS, WEBHOOKS);
    expect(deliveryOf(next)).toBe('dead-1');
    await completeJob(db(), next!.id);
  });

  it("holds at most the group's limit of lanes busy (one account's subscriptions), and passes over to other groups", async () => {
    for (const lane of ['g1', 'g2', 'g3'])
      await enqueue(db(), 'webhook.deliver', { deliveryId: `group-a-${lane}` }, { lane: `lane-${lane}`, laneGroup: 'account-a' });
    await enqueue(db(), 'webhook.deliver', { deliveryId: 'group-b-1' }, { lane: 'lane-b1', laneGroup: 'account-b' });
    const claims: (ClaimedJob | undefined)[] = [];
    for (let index = 0; index < 4; index += 1) claims.push(await claimNextJob(db(), LEASE_MS, WEBHOOKS, 2));
    const taken = claims.map(deliveryOf).filter((id) => id?.startsWith('group-'));
    expect(taken.sort()).toEqual(['group-a-g1', 'group-a-g2', 'group-b-1']);
    // One of account A's jobs ends: its third lane may run now.
    await completeJob(db(), claims.find((job) => deliveryOf(job) === 'group-a-g1')!.id);
    expect(deliveryOf(await claimNextJob(db(), LEASE_MS, WEBHOOKS, 2))).toBe('group-a-g3');
  });

  it("takes the job of the group with the fewest lanes busy first, however old the others' backlogs (contract §11)", async () => {
    await db().execute(sql`delete from jobs`);
    await db().execute(sql`delete from job_lanes`);
    const longAgo = new Date(Date.now() - 60_000);
    // Two accounts' backlogs, due a minute ago, over five subscriptions each; a third account's delivery due now.
    for (const account of ['x', 'y'])
      for (let lane = 1; lane <= 5; lane += 1)
        for (let index = 0; index < 3; index += 1)
          await enqueue(
            db(),
            'webhook.deliver',
            { deliveryId: `${account}${lane}-${index}` },
            { lane: `${account}${lane}`, laneGroup: account, runAt: longAgo },
          );
    await enqueue(db(), 'webhook.deliver', { deliveryId: 'z1-0' }, { lane: 'z1', laneGroup: 'z' });

    const order: (string | undefined)[] = [];
    for (let index = 0; index < 6; index += 1) order.push(deliveryOf(await claimNextJob(db(), LEASE_MS, WEBHOOKS, 2)));
    // x and y take a loop each; z has nothing in flight, so it goes next, before x's and y's older second places.
    expect(order).toEqual(['x1-0', 'y1-0', 'z1-0', 'x2-0', 'y2-0', undefined]);

    // A reserved loop's claim (limit 1) takes only a group with nothing in flight.
    expect(await claimNextJob(db(), LEASE_MS, WEBHOOKS, 1)).toBeUndefined();
    await enqueue(db(), 'webhook.deliver', { deliveryId: 'w1-0' }, { lane: 'w1', laneGroup: 'w' });
    expect(deliveryOf(await claimNextJob(db(), LEASE_MS, WEBHOOKS, 1))).toBe('w1-0');
  });

  it("keeps a group's limit exact when claims race (on every instance: the claims take turns)", async () => {
    await db().execute(sql`delete from jobs`);
    await db().execute(sql`delete from job_lanes`);
    for (const account of ['p', 'q', 'r'])
      for (let lane = 1; lane <= 4; lane += 1)
        await enqueue(db(), 'webhook.deliver', { deliveryId: `${account}${lane}` }, { lane: `${account}${lane}`, laneGroup: account });
    const claims = await Promise.all(Array.from({ length: 10 }, () => claimNextJob(db(), LEASE_MS, WEBHOOKS, 2)));
    const perGroup = new Map<string, number>();
    for (const id of claims.map(deliveryOf)) if (id) perGroup.set(id[0]!, (perGroup.get(id[0]!) ?? 0) + 1);
    expect(Object.fromEntries(perGroup)).toEqual({ p: 2, q: 2, r: 2 });
  });

  it('runs jobs without a lane side by side', async () => {
    await queue('free', undefined, 3);
    const claims = await Promise.all(Array.from({ length: 3 }, () => claimNextJob(db(), LEASE_MS, WEBHOOKS)));
    expect(claims.map(deliveryOf).sort()).toEqual(['free-0', 'free-1', 'free-2']);
  });
});
