import NextAuth from 'next-auth';
import type { NextRequest } from 'next/server';
import { getAuthOptions } from '@/server/auth/options';
import { withGatedBody } from '@/server/http/body-gate';
import { errorResponse, withApiHeaders } from '@/server/http/respond';
import { observed } from '@/server/observability/observe-request';

type Context = { params: Promise<{ nextauth: string[] }> };

async function handler(request: NextRequest, context: Context) {
  let limited: NextRequest;
  try {
    // Contract §1: the body limit holds here too; next-auth would read any body whole.
    limited = await withGatedBody(request, 'small');
  } catch (error) {
    return errorResponse(error);
  }
  return withApiHeaders((await NextAuth(limited, { params: await context.params }, await getAuthOptions())) as Response);
}

const observedHandler = observed(handler, () => '/api/auth');

export { observedHandler as GET, observedHandler as POST };
