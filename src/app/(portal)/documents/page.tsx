import type { Metadata } from 'next';
import Link from 'next/link';
import { connection } from 'next/server';
import { redirect } from 'next/navigation';
import { DocumentList } from '@/components/documents/document-list';
import { getSessionAccountId } from '@/server/auth/session';

export const metadata: Metadata = { title: 'My documents · Freight Document Service' };

type SearchParams = Record<string, string | string[] | undefined>;

function currentPath(query: SearchParams): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) for (const item of [value ?? []].flat()) search.append(key, item);
  const text = search.toString();
  return text ? `/documents?${text}` : '/documents';
}

export default async function DocumentsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  await connection();
  const query = await searchParams;
  if (!(await getSessionAccountId())) redirect(`/login?callbackUrl=${encodeURIComponent(currentPath(query))}`);
  const cancelled = typeof query.cancelled === 'string' && /^\d{1,12}$/.test(query.cancelled) ? query.cancelled : undefined;
  return (
    <>
      <div className="page-title">
        <h1>My documents</h1>
        <Link className="button button-primary" href="/documents/new">
          Draft a document
        </Link>
      </div>
      <DocumentList search={query} cancelled={cancelled} />
    </>
  );
}
