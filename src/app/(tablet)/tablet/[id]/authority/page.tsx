import { connection } from 'next/server';
import { redirect } from 'next/navigation';
import { AuthorityView } from '@/components/efti/authority-view';
import { tabletMetadata } from '../../../metadata';
import { getSessionAccountId } from '@/server/auth/session';

export const generateMetadata = () => tabletMetadata('handOver');

/** Contract §15: the consignment note for an inspecting officer, on the driver's tablet (Reg. (EU) 2020/1056 Art. 4(4)). */
export default async function AuthorityPage({ params }: { params: Promise<{ id: string }> }) {
  await connection();
  const { id } = await params;
  if (!(await getSessionAccountId())) redirect(`/login?callbackUrl=${encodeURIComponent(`/tablet/${encodeURIComponent(id)}/authority`)}`);
  return <AuthorityView freightDocumentId={id} />;
}
