import { connection } from 'next/server';
import { redirect } from 'next/navigation';
import { DocumentView } from '@/components/documents/document-view';
import { getSessionAccountId } from '@/server/auth/session';
import { pageMetadata } from '@/i18n/metadata';

export const generateMetadata = () => pageMetadata('document');

type SearchParams = Record<string, string | string[] | undefined>;
const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export default async function DocumentPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<SearchParams> }) {
  await connection();
  const { id } = await params;
  if (!(await getSessionAccountId())) redirect(`/login?callbackUrl=${encodeURIComponent(`/documents/${encodeURIComponent(id)}`)}`);
  const query = await searchParams;
  return <DocumentView freightDocumentId={id} saved={first(query.saved)} issueError={first(query.issueError)} />;
}
