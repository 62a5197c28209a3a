import crypto from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { idempotencyKeys } from '@/server/db/schema';
import { open, seal } from '@/server/crypto/secret-box';
import { fail } from '@/server/errors';
import type { ServiceContext } from '../context';

/** Contract §13: kept 24 hours. */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 3600;
/** The header (REST) and the field of its value in errors. */
export const IDEMPOTENCY_KEY_FIELD = 'Idempotency-Key';
/**
 * A request in flight holds its key for this long and renews it a third of the way through: a repeat waits for a
 * live first request however long it takes, and takes over within this time when the first one's server died.
 */
const LEASE_SECONDS = 30;
const ANSWER_PURPOSE = 'idempotent-answer';
const FIRST_POLL_MS = 20;
const MAX_POLL_MS = 250;

export interface IdempotentRequest {
  /** Whose keys these are: `account:<id>`, or `client:<id>` for sign-ups (contract §13). */
  scope: string;
  key: string;
  /** What the request was (method, path and body, or procedure and input): a repeat must be the same. */
  fingerprint: string;
}

export interface IdempotentOutcome<T> {
  answer: T;
  replayed: boolean;
}

/** 1–255 visible ASCII characters (contract §13); anything else names the header with 3.2 or 3.17. */
export function checkIdempotencyKey(key: string): string {
  if (key.length > 255) fail('3.2', IDEMPOTENCY_KEY_FIELD, { description: 'Idempotency-Key is 1 to 255 characters.' });
  if (!/^[\x21-\x7e]+$/.test(key)) fail('3.17', IDEMPOTENCY_KEY_FIELD, { description: 'Idempotency-Key is visible ASCII characters only.' });
  return key;
}

/** A fingerprint of request parts; equal parts give equal fingerprints on every instance. */
export function fingerprintOf(...parts: (string | Uint8Array)[]): string {
  const hash = crypto.createHash('sha256');
  for (const part of parts) hash.update(crypto.createHash('sha256').update(part).digest());
  return hash.digest('base64url');
}

/**
 * Contract §13: kept are the answers the service decided on, every 2xx and a refusal on business rules (every code
 * of category 4). Refusals of the request itself (categories 1–3: authentication, transport, validation; 413, 415)
 * and server errors are not, so the same key with a corrected request is processed, on every endpoint alike.
 */
export function isKeptAnswer(status: number, errorCodes: readonly string[]): boolean {
  if (status >= 200 && status < 300) return true;
  if (status >= 500 || status === 413 || status === 415) return false;
  return isKeptRefusal(errorCodes);
}

/** A refusal worth keeping: one made on business rules alone (every code of category 4). */
export function isKeptRefusal(errorCodes: readonly string[]): boolean {
  return errorCodes.length > 0 && errorCodes.every((code) => code.startsWith('4.'));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `work` once per key (contract §13), whatever the transport: the first request with a key claims it and
 * runs; its answer is kept (sealed under APP_SECRET: answers may carry secrets shown once) unless `keep` says no
 * (see isKeptAnswer: a refused request or a server error gets a new chance with the same key). A repeat with the same fingerprint gets the kept
 * answer; one that arrives while the first still runs waits for it, on any instance. Another fingerprint is
 * 4.50. A key past its 24 hours, or whose first request's server died (lease run out), is claimed anew.
 */
export async function runIdempotent<T>(
  { ctx, input }: { ctx: Pick<ServiceContext, 'db' | 'appSecret'>; input: IdempotentRequest },
  work: () => Promise<T>,
  keep: (answer: T) => boolean = () => true,
): Promise<IdempotentOutcome<T>> {
  const { scope, key, fingerprint } = input;
  const thisKey = and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key));
  for (let pollMs = FIRST_POLL_MS; ; pollMs = Math.min(MAX_POLL_MS, Math.round(pollMs * 1.5))) {
    const lease = sql`now() + make_interval(secs => ${LEASE_SECONDS})`;
    const claimed = await ctx.db
      .insert(idempotencyKeys)
      .values({ scope, key, fingerprint, lockedUntil: lease, expiresAt: sql`now() + make_interval(secs => ${IDEMPOTENCY_TTL_SECONDS})` })
      .onConflictDoUpdate({
        target: [idempotencyKeys.scope, idempotencyKeys.key],
        set: { fingerprint, answerSealed: null, lockedUntil: lease, createdAt: sql`now()`, expiresAt: sql`excluded.expires_at` },
        setWhere: sql`${idempotencyKeys.expiresAt} <= now()
          or (${idempotencyKeys.answerSealed} is null and ${idempotencyKeys.lockedUntil} <= now() and ${idempotencyKeys.fingerprint} = ${fingerprint})`,
      })
      .returning({ scope: idempotencyKeys.scope });
    if (claimed.length > 0) return { answer: await runClaimed(ctx, thisKey, work, keep), replayed: false };

    const [held] = await ctx.db
      .select({ fingerprint: idempotencyKeys.fingerprint, answerSealed: idempotencyKeys.answerSealed })
      .from(idempotencyKeys)
      .where(thisKey);
    // Gone in between (the first request failed and gave its key back): claim it again.
    if (!held) continue;
    if (held.fingerprint !== fingerprint) {
      fail('4.50', IDEMPOTENCY_KEY_FIELD, { description: 'This Idempotency-Key was used for another request (method, path or body).' });
    }
    if (held.answerSealed !== null) return { answer: JSON.parse(open(held.answerSealed, ctx.appSecret, ANSWER_PURPOSE)) as T, replayed: true };
    await sleep(pollMs);
  }
}

async function runClaimed<T>(
  ctx: Pick<ServiceContext, 'db' | 'appSecret'>,
  thisKey: ReturnType<typeof and>,
  work: () => Promise<T>,
  keep: (answer: T) => boolean,
): Promise<T> {
  const running = and(thisKey, isNull(idempotencyKeys.answerSealed));
  const renew = setInterval(
    () => {
      ctx.db
        .update(idempotencyKeys)
        .set({ lockedUntil: sql`now() + make_interval(secs => ${LEASE_SECONDS})` })
        .where(running)
        .catch(() => {});
    },
    (LEASE_SECONDS * 1000) / 3,
  );
  renew.unref();
  let answer: T;
  try {
    answer = await work();
  } catch (error) {
    clearInterval(renew);
    await ctx.db.delete(idempotencyKeys).where(running);
    throw error;
  }
  clearInterval(renew);
  if (keep(answer)) {
    await ctx.db
      .update(idempotencyKeys)
      .set({ answerSealed: seal(JSON.stringify(answer), ctx.appSecret, ANSWER_PURPOSE), lockedUntil: null })
      .where(running);
  } else {
    await ctx.db.delete(idempotencyKeys).where(running);
  }
  return answer;
}
