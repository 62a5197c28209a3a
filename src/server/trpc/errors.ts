import { TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/unstable-core-do-not-import';
import { httpStatusOf } from '@/lib/errors/catalogue';
import type { ServiceError } from '@/server/errors';

const byStatus: Record<number, TRPC_ERROR_CODE_KEY> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_SUPPORTED',
  406: 'UNSUPPORTED_MEDIA_TYPE',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
};

/** The one mapping from the catalogue to tRPC: the same status class as REST, the items kept as the cause. */
export function toTrpcError(error: ServiceError): TRPCError {
  const first = error.items[0]!;
  const status = httpStatusOf(first.code, { field: first.field, rateLimited: error.hints.rateLimited, bodyTooLarge: error.hints.bodyTooLarge });
  return new TRPCError({ code: byStatus[status] ?? 'INTERNAL_SERVER_ERROR', message: error.items[0]!.description, cause: error });
}
