import { initTRPC, TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import { zodIssuesToFieldErrors } from '@/lib/errors/from-zod';
import { errorItem, ServiceError, type ErrorItem } from '@/server/errors';
import { createServiceContext, type ServiceContext } from '@/server/services/context';
import { getSessionAccountId } from '@/server/auth/session';
import { toTrpcError } from './errors';

export async function createTrpcContext(): Promise<{ service: ServiceContext }> {
  const accountId = await getSessionAccountId();
  return { service: await createServiceContext(accountId ? { accountId } : undefined) };
}

const t = initTRPC.context<typeof createTrpcContext>().create({
  // The portal gets the same error list as REST clients: code, description and field per problem.
  errorFormatter({ shape, error }) {
    const cause = error.cause;
    const errors: ErrorItem[] =
      cause instanceof ServiceError
        ? cause.items
        : cause instanceof ZodError
          ? zodIssuesToFieldErrors(cause.issues)
          : [errorItem(error.code === 'UNAUTHORIZED' ? '1.8' : '5.0')];
    return { ...shape, data: { ...shape.data, errors } };
  },
});

/** Service errors become tRPC errors with the status class of the REST mapping. */
const mapErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof ServiceError) throw toTrpcError(result.error.cause);
  return result;
});

export const router = t.router;
export const publicProcedure = t.procedure.use(mapErrors);
export const accountProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.service.caller) throw new TRPCError({ code: 'UNAUTHORIZED', cause: new ServiceError([errorItem('1.8')]) });
  return next({ ctx });
});
