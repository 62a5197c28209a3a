import { initTRPC, TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/unstable-core-do-not-import';
import { ZodError } from 'zod';
import { zodIssuesToFieldErrors } from '@/lib/errors/from-zod';
import { unsafeTextFields } from '@/lib/text/unsafe-text';
import { errorItem, ServiceError, type ErrorCode, type ErrorItem } from '@/server/errors';
import { createServiceContext, type ServiceContext } from '@/server/services/context';
import type { StagedFiles } from '@/server/services/document/staged-files';
import { getSessionAccountId } from '@/server/auth/session';
import { clientAddress } from '@/server/http/client-address';
import { enforceRateLimits } from '@/server/services/operations/rate-limits';
import { toTrpcError } from './errors';
import { guardMutation } from './mutation-guards';

/**
 * `bodyHoldsNoUnsafeText`: the gate saw the request's JSON body and it has no escape that could make a NUL or a lone
 * surrogate (handler.ts), so the inputs taken from it need no walk for them.
 */
export async function createTrpcContext(opts?: {
  req?: Request;
  staged?: StagedFiles;
  bodyHoldsNoUnsafeText?: boolean;
}): Promise<{ service: ServiceContext; clientAddress: string; bodyHoldsNoUnsafeText?: boolean }> {
  const accountId = await getSessionAccountId();
  const service = { ...(await createServiceContext(accountId ? { accountId } : undefined)), staged: opts?.staged };
  return {
    service,
    clientAddress: opts?.req ? clientAddress(opts.req.headers, service.config.TRUST_PROXY) : 'unknown',
    bodyHoldsNoUnsafeText: opts?.bodyHoldsNoUnsafeText ?? false,
  };
}

/** tRPC's own refusals of a request (not failures of ours), in the catalogue's words. */
const PROTOCOL_CODES: Partial<Record<TRPC_ERROR_CODE_KEY, ErrorCode>> = {
  PARSE_ERROR: '2.4',
  BAD_REQUEST: '2.1',
  NOT_FOUND: '2.2',
  METHOD_NOT_SUPPORTED: '2.5',
  UNSUPPORTED_MEDIA_TYPE: '2.6',
  PAYLOAD_TOO_LARGE: '2.4',
  UNAUTHORIZED: '1.8',
};

/**
 * The error list of a tRPC answer, as REST clients get it: a service error's items, input validation per field,
 * a refusal of tRPC itself by its catalogue code, and anything else (a database error, a bug) as 5.0 only.
 */
function errorItemsOf(error: TRPCError): ErrorItem[] {
  if (error.cause instanceof ServiceError) return error.cause.items;
  if (error.cause instanceof ZodError) return zodIssuesToFieldErrors(error.cause.issues);
  const protocolCode = error.cause ? undefined : PROTOCOL_CODES[error.code];
  return [errorItem(protocolCode ?? '5.0')];
}

const t = initTRPC.context<typeof createTrpcContext>().create({
  // The message of an unexpected error can carry SQL with its parameters (hashes, sealed secrets): the browser
  // gets the catalogue's description instead, and never a stack. The server logs it (see handler.ts).
  errorFormatter({ shape, error }) {
    const errors = errorItemsOf(error);
    const { stack: _stack, ...data } = shape.data;
    return { ...shape, message: errors[0]!.description, data: { ...data, errors } };
  },
});

/** Service errors become tRPC errors with the status class of the REST mapping. */
const mapErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof ServiceError) throw toTrpcError(result.error.cause);
  return result;
});

/** Contract §1: a NUL or an unpaired surrogate anywhere in the input is 3.17 before any procedure sees it. */
const refuseUnsafeText = t.middleware(async ({ ctx, getRawInput, next }) => {
  if (ctx.bodyHoldsNoUnsafeText) return next();
  const fields = [...new Set(unsafeTextFields(await getRawInput()))];
  if (fields.length > 0) throw new ServiceError(fields.map((field) => errorItem('3.17', field)));
  return next();
});

/** Mutations of a signed-in account pass the REST write rules: rate limit and Idempotency (mutation-guards.ts). */
const guardMutations = t.middleware(({ ctx, type, path, getRawInput, next }) =>
  type === 'mutation' ? guardMutation({ ctx, path, getRawInput, next }) : next(),
);

export const router = t.router;
export const publicProcedure = t.procedure.use(mapErrors).use(refuseUnsafeText).use(guardMutations);
/** Issue 20: the portal's sign-up needs no client system, so it is limited per client address instead. */
export const signUpProcedure = publicProcedure.use(async ({ ctx, next }) => {
  await enforceRateLimits({ ctx: ctx.service, input: { rules: [{ name: 'signups-per-ip', subject: ctx.clientAddress }] } });
  return next();
});
export const accountProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.service.caller) throw new TRPCError({ code: 'UNAUTHORIZED', cause: new ServiceError([errorItem('1.8')]) });
  return next({ ctx });
});
