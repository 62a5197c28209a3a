import type { AnyRouter } from '@trpc/server';
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import type { NextRequest } from 'next/server';
import { ServiceError } from '@/server/errors';
import { describeUnexpected } from '@/server/errors/describe-unexpected';
import { withLimitedBody } from '@/server/http/body-limit';
import { errorResponse } from '@/server/http/respond';
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
 * tRPC over fetch, behind the same body limit as REST (contract §1), with unexpected errors logged once here,
 * without their query parameters (`describeUnexpected`), while the caller gets 5.0 only.
 */
async function handleTrpc(
  request: NextRequest,
  { router = appRouter, createContext = createTrpcContext }: { router?: AnyRouter; createContext?: typeof createTrpcContext } = {},
): Promise<Response> {
  let limited: NextRequest;
  try {
    limited = await withLimitedBody(request);
  } catch (error) {
    return errorResponse(error);
  }
  return fetchRequestHandler({
    endpoint: '/api/trpc',
    req: limited,
    router,
    createContext,
    maxBatchSize: TRPC_MAX_BATCH_SIZE,
    onError: ({ error, path }) => {
      if (error.code === 'INTERNAL_SERVER_ERROR' && !(error.cause instanceof ServiceError)) {
        log().error(`unexpected error in tRPC ${path ?? '?'}: ${describeUnexpected(error.cause ?? error)}`);
      }
    },
  });
}

/** The tRPC door with a request id, access line and metrics, like every REST route (one label for all procedures). */
export const handleTrpcRequest = observed(handleTrpc, () => '/api/trpc');
