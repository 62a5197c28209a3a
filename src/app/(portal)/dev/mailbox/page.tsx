import { connection } from 'next/server';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { MailboxList } from '@/components/mailbox-list';
import { ServiceError } from '@/server/errors';
import { createServiceContext } from '@/server/services/context';
import { listMailbox } from '@/server/services/mail/list-mailbox';
import { pageMetadata } from '@/i18n/metadata';

export const generateMetadata = () => pageMetadata('mailbox');

export default async function MailboxPage() {
  await connection();
  // The service decides where the mailbox exists (partner environment only, else 2.2).
  const mails = await listMailbox({ ctx: await createServiceContext(), input: { limit: 50 } }).catch((error: unknown) => {
    if (error instanceof ServiceError && error.code === '2.2') notFound();
    throw error;
  });
  const t = await getTranslations('mailbox');
  return (
    <>
      <h1>{t('title')}</h1>
      <p>
        {t('intro')} <Link href="/dev/mailbox">{t('refresh')}</Link>
      </p>
      <MailboxList mails={mails} />
    </>
  );
}
