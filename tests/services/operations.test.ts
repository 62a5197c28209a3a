/**
 * The database mechanisms of issue 13 that every instance shares: rate-limit counters and idempotency keys.
 * Concurrency means something on PostgreSQL only (PGlite serialises transactions); both databases run every case.
 *
 * @backends every (run on PostgreSQL in `npm test` too, vitest.config.ts): rate-limit counters and idempotency keys
 * under concurrency (PostgreSQL only).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@/server/db/rows';
import { idempotencyKeys } from '@/server/db/schema';
import { ServiceError } from '@/server/errors';
import { runIdempotent, IDEMPOTENCY_TTL_SECONDS } from '@/server/services/operations/idempotency';
import { enforceRateLimits } from '@/server/services/operations/rate-limits';
import { removeExpiredOperationalRows } from '@/server/services/operations/remove-expired';
import { databaseKinds, openTestDatabase, serviceContext, type TestDatabase } from './harness';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function refusal(promise: Promise<unknown>): Promise<ServiceError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ServiceError) return error;
    throw error;
  }
  throw new Error('expected a ServiceError');
}

describe.each(databaseKinds())('rate limits and idempotency keys (%s)', (kind) => {
  let database: TestDatabase;
  let unique = 0;
  const key = (label: string) => `${label}-${(unique += 1)}-${Date.now()}`;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => database?.dispose());

  describe('enforceRateLimits', () => {
    it('lets the limit through, refuses the next with 1.10 and Retry-After until the window ends', async () => {
      let now = new Date('2026-01-01T10:00:00Z');
      const ctx = { ...serviceContext(database.handle, { RATE_LIMIT_WRITES_PER_ACCOUNT: 3, RATE_LIMIT_WINDOW_SECONDS: 60 }), now: () => now };
      const rules = [{ name: 'writes-per-account' as const, subject: key('account') }];
      for (let i = 0; i < 3; i += 1) await enforceRateLimits({ ctx, input: { rules } });
      now = new Date('2026-01-01T10:00:20Z');
      const refused = await refusal(enforceRateLimits({ ctx, input: { rules } }));
      expect(refused.code).toBe('1.10');
      expect(refused.hints).toMatchObject({ rateLimited: true, retryAfterSeconds: 40 });
      // A new window starts once the old one has ended.
      now = new Date('2026-01-01T10:01:00Z');
      await enforceRateLimits({ ctx, input: { rules } });
    });

    it('counts each subject by itself and refuses by the limit that is passed; 0 is no limit', async () => {
      const ctx = serviceContext(database.handle, { RATE_LIMIT_WRITES_PER_ACCOUNT: 2, RATE_LIMIT_WRITES_PER_CLIENT: 0 });
      const client = key('client');
      for (const account of [key('a'), key('b')]) {
        const rules = [
          { name: 'writes-per-account' as const, subject: account },
          { name: 'writes-per-client' as const, subject: client },
        ];
        await enforceRateLimits({ ctx, input: { rules } });
        await enforceRateLimits({ ctx, input: { rules } });
        expect((await refusal(enforceRateLimits({ ctx, input: { rules } }))).code).toBe('1.10');
      }
    });

    it('never lets more than the limit through, however many requests count at once', async () => {
      const ctx = serviceContext(database.handle, { RATE_LIMIT_SIGNUPS_PER_CLIENT: 10 });
      const rules = [{ name: 'signups-per-client' as const, subject: key('flood') }];
      const outcomes = await Promise.allSettled(Array.from({ length: 40 }, () => enforceRateLimits({ ctx, input: { rules } })));
      expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(10);
      expect(outcomes.filter((outcome) => outcome.status === 'rejected' && (outcome.reason as ServiceError).code === '1.10')).toHaveLength(30);
    });
  });

  describe('runIdempotent', () => {
    const ctx = () => serviceContext(database.handle);

    it('runs the work once and replays its answer to every concurrent and later repeat', async () => {
      let runs = 0;
      const input = { scope: 'account:x', key: key('k'), fingerprint: 'f1' };
      const work = async () => {
        runs += 1;
        await sleep(300);
        return { made: runs };
      };
      const outcomes = await Promise.all(Array.from({ length: 8 }, () => runIdempotent({ ctx: ctx(), input }, work)));
      expect(runs).toBe(1);
      expect(outcomes.map((outcome) => outcome.answer)).toEqual(Array.from({ length: 8 }, () => ({ made: 1 })));
      expect(outcomes.filter((outcome) => !outcome.replayed)).toHaveLength(1);
      const later = await runIdempotent({ ctx: ctx(), input }, work);
      expect(later).toEqual({ answer: { made: 1 }, replayed: true });
      expect(runs).toBe(1);
    });

    it('refuses the key for another fingerprint with 4.50 on Idempotency-Key, and scopes keys apart', async () => {
      const shared = key('k');
      await runIdempotent({ ctx: ctx(), input: { scope: 'account:a', key: shared, fingerprint: 'f1' } }, async () => 1);
      const refused = await refusal(runIdempotent({ ctx: ctx(), input: { scope: 'account:a', key: shared, fingerprint: 'f2' } }, async () => 2));
      expect(refused.items).toEqual([expect.objectContaining({ code: '4.50', field: 'Idempotency-Key' })]);
      const other = await runIdempotent({ ctx: ctx(), input: { scope: 'account:b', key: shared, fingerprint: 'f2' } }, async () => 3);
      expect(other).toEqual({ answer: 3, replayed: false });
    });

    it('keeps no answer that `keep` refuses and none of work that threw: the next request runs again', async () => {
      const input = { scope: 'account:a', key: key('k'), fingerprint: 'f' };
      await expect(runIdempotent({ ctx: ctx(), input }, async () => Promise.reject(new Error('database gone')))).rejects.toThrow('database gone');
      expect(
        await runIdempotent(
          { ctx: ctx(), input },
          async () => ({ status: 500 }),
          (answer) => answer.status < 500,
        ),
      ).toEqual({
        answer: { status: 500 },
        replayed: false,
      });
      expect(await runIdempotent({ ctx: ctx(), input }, async () => ({ status: 201 }))).toEqual({ answer: { status: 201 }, replayed: false });
      expect(await runIdempotent({ ctx: ctx(), input }, async () => ({ status: 202 }))).toEqual({ answer: { status: 201 }, replayed: true });
    });

    it('keeps answers sealed, not readable in the database', async () => {
      const input = { scope: 'account:a', key: key('k'), fingerprint: 'f' };
      await runIdempotent({ ctx: ctx(), input }, async () => ({ signingSecret: 'whsec_visible-only-once' }));
      const rows = await queryRows<{ answer_sealed: string }>(database.handle.db, sql`select answer_sealed from idempotency_keys where key = ${input.key}`);
      expect(rows[0]!.answer_sealed).toMatch(/^v1\./);
      expect(rows[0]!.answer_sealed).not.toContain('whsec');
    });

    it('takes over a key whose first request died (lease run out) and one past its 24 hours', async () => {
      const crashed = { scope: 'account:a', key: key('crashed'), fingerprint: 'f' };
      await database.handle.db
        .insert(idempotencyKeys)
        .values({ ...crashed, lockedUntil: new Date(Date.now() - 1000), expiresAt: new Date(Date.now() + 3_600_000) });
      expect(await runIdempotent({ ctx: ctx(), input: crashed }, async () => 'ran again')).toEqual({ answer: 'ran again', replayed: false });

      const expired = { scope: 'account:a', key: key('expired'), fingerprint: 'old' };
      await runIdempotent({ ctx: ctx(), input: expired }, async () => 'first');
      await database.handle.db.execute(sql`update idempotency_keys set expires_at = now() - interval '1 second' where key = ${expired.key}`);
      // A new day, a new request under the old key: not 4.50, a fresh start.
      expect(await runIdempotent({ ctx: ctx(), input: { ...expired, fingerprint: 'new' } }, async () => 'second')).toEqual({
        answer: 'second',
        replayed: false,
      });
    });

    it('keeps keys for 24 hours, and the clean-up removes expired keys and ended windows only', async () => {
      const input = { scope: 'account:clean', key: key('k'), fingerprint: 'f' };
      await runIdempotent({ ctx: ctx(), input }, async () => 1);
      const [row] = await queryRows<{ seconds: number }>(
        database.handle.db,
        sql`select extract(epoch from expires_at - created_at)::int as seconds from idempotency_keys where key = ${input.key}`,
      );
      expect(row!.seconds).toBe(IDEMPOTENCY_TTL_SECONDS);
      const config = { RATE_LIMIT_WINDOW_SECONDS: 60 };
      const inADay = new Date(Date.now() + (IDEMPOTENCY_TTL_SECONDS + 60) * 1000);
      await removeExpiredOperationalRows(database.handle.db, config, new Date());
      const remaining = await queryRows(database.handle.db, sql`select 1 from idempotency_keys where key = ${input.key}`);
      expect(remaining).toHaveLength(1);
      const removed = await removeExpiredOperationalRows(database.handle.db, config, inADay);
      expect(removed.idempotencyKeys).toBeGreaterThan(0);
      expect(removed.rateLimitCounters).toBeGreaterThan(0);
      expect(await queryRows(database.handle.db, sql`select 1 from idempotency_keys`)).toHaveLength(0);
    });
  });
});
