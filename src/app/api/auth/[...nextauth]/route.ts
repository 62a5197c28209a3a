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
    // Contract §1: the body limits hold here too; next-auth would read any body whole. It parses a body as JSON when
    // its type names JSON anywhere, else as a form when it names a form, else not at all: the gate counts it alike.
    const type = request.headers.get('content-type') ?? '';
    const shape = type.includes('application/json') ? 'json' : type.includes('application/x-www-form-urlencoded') ? 'form' : 'bytes';
    limited = (await withGatedBody(request, 'small', shape)).request;
  } catch (error) {
    return errorResponse(error);
  }
  return withApiHeaders((await NextAuth(limited, { params: await context.params }, await getAuthOptions())) as Response);
}

const observedHandler = observed(handler, () => '/api/auth');

export { observedHandler as GET, observedHandler as POST };
