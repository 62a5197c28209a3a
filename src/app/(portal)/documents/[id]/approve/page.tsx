import { connection } from 'next/server';
import { redirect } from 'next/navigation';
import { ApproveTransfer } from '@/components/portal/approve-transfer';
import { getSessionAccountId } from '@/server/auth/session';
import { pageMetadata } from '@/i18n/metadata';
import '@/components/tablet/tablet.css';

export const generateMetadata = () => pageMetadata('approve');

/** The counter party's own approval of a transfer (issue 19), linked from the mail, the document and the dashboard. */
export default async function ApprovePage({ params }: { params: Promise<{ id: string }> }) {
  await connection();
  const { id } = await params;
  // Sign-in comes back here, not to the dashboard: the mail's link leads to the approval.
  if (!(await getSessionAccountId())) redirect(`/login?callbackUrl=${encodeURIComponent(`/documents/${encodeURIComponent(id)}/approve`)}`);
  return <ApproveTransfer freightDocumentId={id} />;
}
