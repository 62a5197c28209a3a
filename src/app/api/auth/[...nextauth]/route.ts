import NextAuth from 'next-auth';
import type { NextRequest } from 'next/server';
import { getAuthOptions } from '@/server/auth/options';

type Context = { params: Promise<{ nextauth: string[] }> };

async function handler(request: NextRequest, context: Context) {
  return NextAuth(request, { params: await context.params }, await getAuthOptions());
}

export { handler as GET, handler as POST };
