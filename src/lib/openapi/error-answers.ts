import { BODY_LENGTH_FIELD, CONTENT_TYPE_FIELD, httpStatusOf, type ErrorCode } from '@/lib/errors/catalogue';
import type { ApiOperation } from './operation';

export interface ErrorAnswer {
  code: ErrorCode;
  status: number;
}

/** A code the REST wrapper (src/server/http/route.ts) can answer for any operation of a kind, before its service runs. */
interface GeneralCode {
  code: ErrorCode;
  /** The `field` that picks the status (415 for a 2.6 about Content-Type, 413 for a 2.4 about the length). */
  field?: string;
  rateLimited?: boolean;
  applies: (operation: ApiOperation) => boolean;
}

const always = () => true;
const hasBody = (operation: ApiOperation) => !!operation.body;
const writes = (operation: ApiOperation) => operation.method !== 'get' && operation.security !== 'eftiGate';

/**
 * The one list of the codes every operation of its kind can answer (contract §1), in the wrapper's order: a declared
 * oversized body, the Accept header, authentication, rate limits and the Idempotency-Key of writes, the body's media
 * type, presence and syntax, NUL characters in query and path, and an internal error. An operation's own `errors` add
 * what its service can answer; the OpenAPI document and the answered-codes check (scripts/check-answered-codes.ts)
 * both read them from here, so neither repeats them.
 */
export const GENERAL_ERROR_CODES: readonly GeneralCode[] = [
  { code: '2.4', field: BODY_LENGTH_FIELD, applies: always },
  { code: '2.6', applies: always },
  { code: '1.8', applies: (operation) => operation.auth === 'bearer' },
  { code: '1.11', applies: (operation) => operation.auth === 'bearer' },
  { code: '1.1', applies: (operation) => operation.auth === 'client' || operation.security === 'eftiGate' },
  { code: '1.6', applies: (operation) => operation.auth === 'client' || operation.security === 'eftiGate' },
  { code: '1.10', rateLimited: true, applies: writes },
  { code: '4.50', field: 'Idempotency-Key', applies: (operation) => writes(operation) && operation.method !== 'delete' },
  { code: '2.6', field: CONTENT_TYPE_FIELD, applies: hasBody },
  { code: '2.4', applies: hasBody },
  { code: '2.7', applies: (operation) => !!operation.body && !operation.body.form && !operation.body.text },
  // NUL characters and unpaired surrogates are refused in any query string, even of an operation that reads none.
  { code: '3.17', applies: always },
  { code: '5.0', applies: always },
];

/**
 * The errors an operation can answer: those every operation of its kind can (GENERAL_ERROR_CODES), plus its own.
 * Statuses come from the catalogue, so the document says what the server does.
 */
export function errorAnswers(operation: ApiOperation): ErrorAnswer[] {
  const answers: ErrorAnswer[] = [];
  const add = (code: ErrorCode, context: { field?: string; rateLimited?: boolean } = {}) =>
    answers.push({ code, status: httpStatusOf(code, { ...context, oauthEndpoint: operation.oauth }) });
  for (const general of GENERAL_ERROR_CODES) if (general.applies(operation)) add(general.code, general);
  for (const code of operation.errors) add(code);
  const seen = new Set<string>();
  return answers.filter((answer) => {
    const key = `${answer.code}/${answer.status}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * What of an answer the operation does not declare: its first code under that status, or a code beside it the
 * operation lists nowhere (those share the first one's status). A status the operation declares as one of its
 * answers (the heartbeat's 503 `DOWN`, which carries 5.0) is that answer, not an error. The REST wrapper records this
 * per answer in test runs and the answered-codes check fails on any (scripts/openapi/check-answered-codes.ts).
 */
export function undeclaredCodes(operation: ApiOperation, status: number, codes: readonly string[]): string[] {
  if (!codes.length || operation.success.some((answer) => answer.status === status)) return [];
  const listed = errorAnswers(operation);
  const [first, ...others] = codes;
  const undeclared: string[] = [];
  if (!listed.some((answer) => answer.code === first && answer.status === status)) undeclared.push(`${first} (${status})`);
  for (const code of others) if (!listed.some((answer) => answer.code === code)) undeclared.push(`${code} (beside ${first})`);
  return undeclared;
}
