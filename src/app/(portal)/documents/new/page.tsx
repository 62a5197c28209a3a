import type { Metadata } from 'next';
import { connection } from 'next/server';
import { redirect } from 'next/navigation';
import { DocumentForm } from '@/components/documents/document-form';
import { getSessionAccountId } from '@/server/auth/session';

export const metadata: Metadata = { title: 'Draft a document · Freight Document Service' };

export default async function NewDocumentPage() {
  await connection();
  if (!(await getSessionAccountId())) redirect(`/login?callbackUrl=${encodeURIComponent('/documents/new')}`);
  return (
    <>
      <h1 id="document-form-title">Draft a freight document</h1>
      <p className="lead">Fill in what you know now. A draft can be changed until it is issued.</p>
      <DocumentForm mode="create" />
    </>
  );
}
