import { connection } from 'next/server';
import { redirect } from 'next/navigation';
import { RespondCode } from '@/components/tablet/respond-code';
import { tabletMetadata } from '../metadata';
import { getSessionAccountId } from '@/server/auth/session';

export const generateMetadata = () => tabletMetadata('respond');

/** The counter party's phone: the carrier's challenge code in, the response code out. */
export default async function RespondPage() {
  await connection();
  if (!(await getSessionAccountId())) redirect(`/login?callbackUrl=${encodeURIComponent('/respond')}`);
  return <RespondCode />;
}
