import type { AnyRouter } from '@trpc/server';
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import type { NextRequest } from 'next/server';
import { ServiceError } from '@/server/errors';
import { jsonMayHoldUnsafeText } from '@/lib/text/unsafe-text';
import { describeUnexpected } from '@/server/errors/describe-unexpected';
import { requireJsonBody, withGatedBody, type BodyKind } from '@/server/http/body-gate';
import { stagingForRequest, type StagedFiles } from '@/server/services/document/staged-files';
import { errorResponse, withApiHeaders } from '@/server/http/respond';
import { log } from '@/server/observability/logger';
import { observed } from '@/server/observability/observe-request';
import { createTrpcContext } from './init';
import { appRouter } from './router';

/**
 * The portal batches a screen's queries; nothing it does needs more than a few per request. A cap keeps one
 * request from running dozens of procedures (a batch of 40 password changes was one of the findings).
 */
export const TRPC_MAX_BATCH_SIZE = 10;

/**
 * Contract §1: the procedures that take files (signatures, photos, a document's attachments) and need a session may
 * receive up to MAX_BODY_BYTES; the hand-over page's answer needs none and takes one signature image (2 MiB); every
 * other procedure takes 1 MiB. A procedure that needs no session is never `files`.
 */
const PROCEDURE_BODY_KINDS: Record<string, BodyKind> = {
  'tablet.recordCounterParty': 'files',
  'tablet.comment': 'files',
  'tablet.answerHandover': 'image',
  // The hand-over page's photos, one per request (contract §7), no session: the same limit as its answer.
  'tablet.handoverPhoto': 'image',
  'documents.create': 'files',
  'documents.replace': 'files',
  'legalEvents.reportImpediment': 'files',
  'legalEvents.giveInstruction': 'files',
  'legalEvents.answerInstruction': 'files',
};

const SMALLEST_FIRST: readonly BodyKind[] = ['small', 'image', 'files'];

/**
 * The body kind of a tRPC request, from the procedure names in its path (`/api/trpc/a.b,c.d`): a batch gets the
 * smallest limit of the procedures it names (contract §1), so naming a file procedure lifts no other; a name that
 * is no procedure counts as `small`.
 */
export function trpcBodyKind(pathname: string): BodyKind {
  let names: string[];
  try {
    names = decodeURIComponent(pathname.replace(/^.*\/api\/trpc\/?/, '')).split(',');
  } catch {
    return 'small';
  }
  const kinds = names.map((name) => (Object.hasOwn(PROCEDURE_BODY_KINDS, name) ? PROCEDURE_BODY_KINDS[name]! : 'small'));
  return SMALLEST_FIRST.find((kind) => kinds.includes(kind)) ?? 'small';
}

/**
 * tRPC over fetch, behind the same body gate as REST (contract §1: size by procedure, nesting before parsing), with unexpected errors logged once here,
 * without their query parameters (`describeUnexpected`), while the caller gets 5.0 only.
 */
async function handleTrpc(
  request: NextRequest,
  { router = appRouter, createContext = createTrpcContext }: { router?: AnyRouter; createContext?: typeof createTrpcContext } = {},
): Promise<Response> {
  let limited: NextRequest;
  let bodyHoldsNoUnsafeText = false;
  // Files the gate streams into the blob store go to the procedures' service context by their tokens.
  const staged: StagedFiles = new Map();
  try {
    requireJsonBody(request);
    const kind = trpcBodyKind(request.nextUrl.pathname);
    const gated = await withGatedBody(request, kind, 'json', kind === 'files' ? await stagingForRequest(staged) : undefined);
    limited = gated.request;
    bodyHoldsNoUnsafeText = gated.text !== undefined && !jsonMayHoldUnsafeText(gated.text);
  } catch (error) {
    return errorResponse(error);
  }
  const answer = await fetchRequestHandler({
    endpoint: '/api/trpc',
    req: limited,
    router,
    createContext: (options) => createContext({ ...options, staged, bodyHoldsNoUnsafeText }),
    maxBatchSize: TRPC_MAX_BATCH_SIZE,
    // A limit's refusal tells when to come back, as over REST (Retry-After on 429).
    responseMeta: ({ errors }) => {
      const waits = errors.flatMap((error) =>
        error.cause instanceof ServiceError && error.cause.hints.retryAfterSeconds ? [error.cause.hints.retryAfterSeconds] : [],
      );
      return waits.length > 0 ? { headers: { 'Retry-After': String(Math.max(...waits)) } } : {};
    },
    onError: ({ error, path }) => {
      if (error.code === 'INTERNAL_SERVER_ERROR' && !(error.cause instanceof ServiceError)) {
        log().error(`unexpected error in tRPC ${path ?? '?'}: ${describeUnexpected(error.cause ?? error)}`);
      }
    },
  });
  // Contract §1: the portal's answers carry documents, secrets and account data.
  return withApiHeaders(answer);
}

/** The tRPC door with a request id, access line and metrics, like every REST route (one label for all procedures). */
export const handleTrpcRequest = observed(handleTrpc, () => '/api/trpc');
