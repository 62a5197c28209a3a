import { connection } from 'next/server';
import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { CopiedDocumentForm } from '@/components/portal/copied-document-form';
import { NewDocument } from '@/components/portal/new-document';
import { getSessionAccountId } from '@/server/auth/session';
import { pageMetadata } from '@/i18n/metadata';

export const generateMetadata = () => pageMetadata('newDocument');

type SearchParams = Record<string, string | string[] | undefined>;

export default async function NewDocumentPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  await connection();
  const query = await searchParams;
  const copy = typeof query.copy === 'string' && query.copy ? query.copy : undefined;
  const here = copy ? `/documents/new?copy=${encodeURIComponent(copy)}` : '/documents/new';
  if (!(await getSessionAccountId())) redirect(`/login?callbackUrl=${encodeURIComponent(here)}`);
  const t = await getTranslations('documents.new');
  return (
    <>
      <h1 id="document-form-title">{t('title')}</h1>
      <p className="lead">{t('lead')}</p>
      {copy ? <CopiedDocumentForm freightDocumentId={copy} /> : <NewDocument />}
    </>
  );
}
