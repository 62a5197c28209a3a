import { connection } from 'next/server';
import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { DocumentForm } from '@/components/documents/document-form';
import { getSessionAccountId } from '@/server/auth/session';
import { pageMetadata } from '@/i18n/metadata';

export const generateMetadata = () => pageMetadata('newDocument');

export default async function NewDocumentPage() {
  await connection();
  if (!(await getSessionAccountId())) redirect(`/login?callbackUrl=${encodeURIComponent('/documents/new')}`);
  const t = await getTranslations('documents.new');
  return (
    <>
      <h1 id="document-form-title">{t('title')}</h1>
      <p className="lead">{t('lead')}</p>
      <DocumentForm mode="create" />
    </>
  );
}
