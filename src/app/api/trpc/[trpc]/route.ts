import type { NextRequest } from 'next/server';
import { handleTrpcRequest } from '@/server/trpc/handler';

function handler(request: NextRequest) {
  return handleTrpcRequest(request, {});
}

export { handler as GET, handler as POST };
