import Link from 'next/link';
import { connection } from 'next/server';
import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { DocumentList } from '@/components/documents/document-list';
import { getSessionAccountId } from '@/server/auth/session';
import { pageMetadata } from '@/i18n/metadata';

export const generateMetadata = () => pageMetadata('documents');

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
  const t = await getTranslations('documents.list');
  return (
    <>
      <div className="page-title">
        <h1>{t('title')}</h1>
        <Link className="button button-primary" href="/documents/new">
          {t('draftDocument')}
        </Link>
      </div>
      <DocumentList search={query} cancelled={cancelled} />
    </>
  );
}
