import { connection } from 'next/server';
import { redirect } from 'next/navigation';
import { HandOverAtAddress } from '@/components/offline/hand-over-at-address';
import { tabletMetadata } from '../../metadata';
import { getSessionAccountId } from '@/server/auth/session';

export const generateMetadata = () => tabletMetadata('handOver');

export default async function HandOverPage({ params }: { params: Promise<{ id: string }> }) {
  await connection();
  const { id } = await params;
  if (!(await getSessionAccountId())) redirect(`/login?callbackUrl=${encodeURIComponent(`/tablet/${encodeURIComponent(id)}`)}`);
  return <HandOverAtAddress freightDocumentId={id} />;
}
