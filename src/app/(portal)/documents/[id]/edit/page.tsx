import { connection } from 'next/server';
import { redirect } from 'next/navigation';
import { DocumentEditor } from '@/components/documents/document-editor';
import { getSessionAccountId } from '@/server/auth/session';
import { pageMetadata } from '@/i18n/metadata';

export const generateMetadata = () => pageMetadata('editDocument');

export default async function EditDocumentPage({ params }: { params: Promise<{ id: string }> }) {
  await connection();
  const { id } = await params;
  if (!(await getSessionAccountId())) redirect(`/login?callbackUrl=${encodeURIComponent(`/documents/${encodeURIComponent(id)}/edit`)}`);
  return <DocumentEditor freightDocumentId={id} />;
}
