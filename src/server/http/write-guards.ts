import type { NextRequest } from 'next/server';
import { z } from 'zod';
import type { ServiceContext } from '@/server/services/context';
import type { OAuthClient } from '@/server/services/oauth/authenticate-client';
import { enforceRateLimits, type RateLimitRule } from '@/server/services/operations/rate-limits';
import { checkIdempotencyKey, fingerprintOf, IDEMPOTENCY_KEY_FIELD, isKeptAnswer, runIdempotent } from '@/server/services/operations/idempotency';
import { metrics } from '@/server/observability/metrics';

/**
 * What REST writes (POST, PUT, PATCH, DELETE) pass besides the endpoint itself: the rate limits per client and per
 * account, and contract §13's Idempotency-Key. Reads pay for neither: no query is added to a GET.
 */
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const IDEMPOTENT_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/** Who a write is counted against, and the scope of its idempotency keys (contract §13: per account, or per client for sign-ups). */
interface WriteCaller {
  ctx: ServiceContext;
  client?: OAuthClient;
}

/** Rate limits of a write: per account and per client for bearer callers, sign-ups per client for client callers. */
export async function limitWrite(method: string, { ctx, client }: WriteCaller): Promise<void> {
  if (!WRITES.has(method)) return;
  const rules: RateLimitRule[] = [];
  if (ctx.caller) {
    rules.push({ name: 'writes-per-account', subject: ctx.caller.accountId });
    if (ctx.caller.clientId) rules.push({ name: 'writes-per-client', subject: ctx.caller.clientId });
  } else if (client) {
    rules.push({ name: 'signups-per-client', subject: client.clientId });
  }
  if (rules.length > 0) await enforceRateLimits({ ctx, input: { rules } });
}

/** The request's Idempotency-Key when it carries one that applies (a POST, PUT or PATCH of a known caller), checked. */
export function idempotencyKeyOf(request: NextRequest, { ctx, client }: WriteCaller): { key: string; scope: string } | undefined {
  if (!IDEMPOTENT_METHODS.has(request.method)) return undefined;
  const key = request.headers.get(IDEMPOTENCY_KEY_FIELD);
  // Tolerant reading (contract §1): an empty header is no header.
  if (!key) return undefined;
  const scope = ctx.caller ? `account:${ctx.caller.accountId}` : client ? `client:${client.clientId}` : undefined;
  if (!scope) return undefined;
  return { key: checkIdempotencyKey(key), scope };
}

/** The headers of an answer that a replay gives again; the others (Date, CORS, request id) belong to each answer. */
const KEPT_HEADERS = ['content-type', 'location', 'cache-control', 'pragma', 'content-disposition', 'retry-after', 'www-authenticate', 'allow'];

interface KeptAnswer {
  status: number;
  headers: [string, string][];
  body: string;
}

/** The error codes of a refusal's body (`{"errors":[{code}]}`, contract §1); none for any other body. */
function errorCodesOf(answer: KeptAnswer): string[] {
  if (answer.status < 400) return [];
  try {
    const parsed = errorBody.safeParse(JSON.parse(Buffer.from(answer.body, 'base64').toString('utf8')));
    return parsed.success ? parsed.data.errors.map((error) => error.code) : [];
  } catch {
    return [];
  }
}
const errorBody = z.object({ errors: z.array(z.object({ code: z.string() })) });

/**
 * Contract §13: the body a repeat is compared by, without `secondsSinceCreation` (it grows while an offline device
 * retries). Other bodies are compared as sent.
 */
function comparedBody(bodyText: string): string {
  if (!bodyText.includes('secondsSinceCreation')) return bodyText;
  try {
    const parsed: unknown = JSON.parse(bodyText);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return bodyText;
    const { secondsSinceCreation: _seconds, ...rest } = parsed as Record<string, unknown>;
    return JSON.stringify(rest);
  } catch {
    return bodyText;
  }
}

/**
 * Answers a write once per key: `produce` runs for the first request (its ServiceErrors already made answers), and
 * every repeat gets that answer again with `Idempotency-Replayed: true`. Only what contract §13 keeps is kept
 * (isKeptAnswer): a refused request or a server error runs again.
 */
export async function answerIdempotently(
  ctx: ServiceContext,
  input: { key: string; scope: string; request: NextRequest; bodyText: string },
  produce: () => Promise<Response>,
): Promise<Response> {
  const { request } = input;
  const path = request.nextUrl.pathname.replace(/^\/v1(?=\/api\/)/, '').replace(/\/+$/, '');
  const fingerprint = fingerprintOf(request.method, path, comparedBody(input.bodyText));
  let live: Response | undefined;
  const { answer, replayed } = await runIdempotent<KeptAnswer>(
    { ctx, input: { scope: input.scope, key: input.key, fingerprint } },
    async () => {
      live = await produce();
      const body = Buffer.from(await live.clone().arrayBuffer()).toString('base64');
      const headers = KEPT_HEADERS.flatMap((name) => (live!.headers.has(name) ? [[name, live!.headers.get(name)!] as [string, string]] : []));
      return { status: live.status, headers, body };
    },
    (kept) => isKeptAnswer(kept.status, errorCodesOf(kept)),
  );
  if (!replayed && live) return live;
  metrics().idempotentReplays.inc({ transport: 'rest' });
  const empty = answer.status === 204 || answer.status === 205;
  return new Response(empty ? null : Buffer.from(answer.body, 'base64'), {
    status: answer.status,
    headers: [...answer.headers, ['Idempotency-Replayed', 'true']],
  });
}
