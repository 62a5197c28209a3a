import { connection } from 'next/server';
import { redirect } from 'next/navigation';
import { MyTransfers } from '@/components/tablet/my-transfers';
import { tabletMetadata } from '../metadata';
import { getSessionAccountId } from '@/server/auth/session';

export const generateMetadata = () => tabletMetadata('transfers');

export default async function MyTransfersPage() {
  await connection();
  if (!(await getSessionAccountId())) redirect(`/login?callbackUrl=${encodeURIComponent('/tablet')}`);
  return <MyTransfers />;
}
