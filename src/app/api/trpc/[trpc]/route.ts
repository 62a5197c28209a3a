import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { appRouter } from '@/server/trpc/router';
import { createTrpcContext } from '@/server/trpc/init';

function handler(request: Request) {
  return fetchRequestHandler({ endpoint: '/api/trpc', req: request, router: appRouter, createContext: createTrpcContext });
}

export { handler as GET, handler as POST };
