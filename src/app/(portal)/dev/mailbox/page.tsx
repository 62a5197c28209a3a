import { connection } from 'next/server';
import Link from 'next/link';
import { notFound, redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { MailboxList } from '@/components/mailbox-list';
import { getSessionAccountId } from '@/server/auth/session';
import { getConfig } from '@/server/config/env';
import { createServiceContext } from '@/server/services/context';
import { listMailbox, mailboxExists } from '@/server/services/mail/list-mailbox';
import { pageMetadata } from '@/i18n/metadata';

export const generateMetadata = () => pageMetadata('mailbox');

export default async function MailboxPage() {
  await connection();
  // Where the mailbox does not exist (production, or mail really goes out) the page does not either.
  if (!mailboxExists(getConfig())) notFound();
  const accountId = await getSessionAccountId();
  if (!accountId) redirect(`/login?callbackUrl=${encodeURIComponent('/dev/mailbox')}`);
  const mails = await listMailbox({ ctx: await createServiceContext({ accountId }), input: { limit: 50 } });
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
