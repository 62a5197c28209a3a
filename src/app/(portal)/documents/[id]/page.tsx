import type { Metadata } from 'next';
import { connection } from 'next/server';
import { redirect } from 'next/navigation';
import { DocumentView } from '@/components/documents/document-view';
import { getSessionAccountId } from '@/server/auth/session';

export const metadata: Metadata = { title: 'Freight document · Freight Document Service' };

type SearchParams = Record<string, string | string[] | undefined>;
const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export default async function DocumentPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<SearchParams> }) {
  await connection();
  const { id } = await params;
  if (!(await getSessionAccountId())) redirect(`/login?callbackUrl=${encodeURIComponent(`/documents/${encodeURIComponent(id)}`)}`);
  const query = await searchParams;
  return <DocumentView freightDocumentId={id} saved={first(query.saved)} issueError={first(query.issueError)} />;
}
