import { middlewareMarker, type MiddlewareResult } from '@trpc/server/unstable-core-do-not-import';
import { errorItem, ServiceError, type ErrorItem } from '@/server/errors';
import type { ErrorHints } from '@/server/errors/service-error';
import type { ServiceContext } from '@/server/services/context';
import { enforceRateLimits } from '@/server/services/operations/rate-limits';
import { checkIdempotencyKey, fingerprintOf, isKeptRefusal, runIdempotent } from '@/server/services/operations/idempotency';
import { metrics } from '@/server/observability/metrics';

/** The input field that carries an idempotency key (a batch shares one set of headers, so a header cannot). */
export const IDEMPOTENCY_KEY_INPUT = 'idempotencyKey';

/** The input field naming the account that queued a tablet write (issue 31, lib/schemas/transfers.ts). */
export const OUTBOX_ACCOUNT_INPUT = 'outboxAccountId';

/**
 * A write queued on a device for one account is refused under any other account's session: 401 like a missing
 * session, so the device keeps it for that account's next sign-in instead of treating it as refused.
 */
function refuseForeignOutboxEntry(rawInput: unknown, accountId: string) {
  if (!rawInput || typeof rawInput !== 'object' || !(OUTBOX_ACCOUNT_INPUT in rawInput)) return;
  const stamp = (rawInput as Record<string, unknown>)[OUTBOX_ACCOUNT_INPUT];
  if (stamp === undefined || stamp === null || stamp === '') return;
  if (stamp !== accountId) throw new ServiceError([errorItem('1.8', OUTBOX_ACCOUNT_INPUT)]);
}

/** What a mutation's answer is kept as: its data, or the service's refusal on business rules. Other failures are not kept. */
type KeptOutcome = { data: unknown } | { error: { items: ErrorItem[]; hints: ErrorHints } } | { notKept: true };

function idempotencyKeyIn(rawInput: unknown): string | undefined {
  if (!rawInput || typeof rawInput !== 'object' || !(IDEMPOTENCY_KEY_INPUT in rawInput)) return undefined;
  const key = (rawInput as Record<string, unknown>)[IDEMPOTENCY_KEY_INPUT];
  if (key === undefined || key === null || key === '') return undefined;
  if (typeof key !== 'string') throw new ServiceError([errorItem('3.17', IDEMPOTENCY_KEY_INPUT)]);
  try {
    return checkIdempotencyKey(key);
  } catch (error) {
    // The same rule as the REST header, named as the field the tablet sends.
    if (error instanceof ServiceError) throw new ServiceError(error.items.map((item) => ({ ...item, field: IDEMPOTENCY_KEY_INPUT })));
    throw error;
  }
}

/**
 * Contract §13: a repeat is compared without `secondsSinceCreation`, which grows while an offline device retries
 * (the tablet computes it at each send, contract §6). It sits in the body of the tablet's procedures.
 */
function withoutSecondsSinceCreation(input: Record<string, unknown>): Record<string, unknown> {
  const { secondsSinceCreation: _top, ...rest } = input;
  const body = rest.body;
  if (!body || typeof body !== 'object' || Array.isArray(body)) return rest;
  const { secondsSinceCreation: _inBody, ...bodyRest } = body as Record<string, unknown>;
  return { ...rest, body: bodyRest };
}

/**
 * The write rules of REST for tRPC mutations, through the same services: the per-account rate limit, and
 * idempotency (contract §13) for a mutation whose input carries `idempotencyKey` (the offline tablet sends every
 * queued mutation with one, so a replay after a lost answer changes nothing). The key is left out of the
 * fingerprint; procedures' schemas ignore it as an unknown attribute.
 */
export async function guardMutation(opts: {
  ctx: { service: ServiceContext };
  path: string;
  getRawInput: () => Promise<unknown>;
  next: () => Promise<MiddlewareResult<object>>;
}): Promise<MiddlewareResult<object>> {
  const service = opts.ctx.service;
  const caller = service.caller;
  if (!caller) return opts.next();
  const rawInput = await opts.getRawInput();
  refuseForeignOutboxEntry(rawInput, caller.accountId);
  await enforceRateLimits({ ctx: service, input: { rules: [{ name: 'writes-per-account', subject: caller.accountId }] } });
  const key = idempotencyKeyIn(rawInput);
  if (!key) return opts.next();

  const { [IDEMPOTENCY_KEY_INPUT]: _key, [OUTBOX_ACCOUNT_INPUT]: _account, ...rest } = withoutSecondsSinceCreation(rawInput as Record<string, unknown>);
  let live: MiddlewareResult<object> | undefined;
  const { answer, replayed } = await runIdempotent<KeptOutcome>(
    { ctx: service, input: { scope: `account:${caller.accountId}`, key, fingerprint: fingerprintOf('trpc', opts.path, JSON.stringify(rest)) } },
    async () => {
      live = await opts.next();
      if (live.ok) return { data: live.data };
      const cause = live.error.cause;
      // Contract §13 as on REST: only business-rule refusals are kept.
      const kept = cause instanceof ServiceError && isKeptRefusal(cause.items.map((item) => item.code));
      return kept ? { error: { items: cause.items, hints: cause.hints } } : { notKept: true };
    },
    (outcome) => !('notKept' in outcome),
  );
  if (!replayed && live) return live;
  metrics().idempotentReplays.inc({ transport: 'trpc' });
  if ('error' in answer) throw new ServiceError(answer.error.items, answer.error.hints);
  if ('data' in answer) return { marker: middlewareMarker, ok: true, data: answer.data };
  // A kept answer is never `notKept`; here only for the compiler.
  return opts.next();
}
