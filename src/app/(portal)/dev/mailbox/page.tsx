import type { Metadata } from 'next';
import { connection } from 'next/server';
import Link from 'next/link';
import { notFound, redirect } from 'next/navigation';
import { MailboxList } from '@/components/mailbox-list';
import { getSessionAccountId } from '@/server/auth/session';
import { getConfig } from '@/server/config/env';
import { createServiceContext } from '@/server/services/context';
import { listMailbox, mailboxExists } from '@/server/services/mail/list-mailbox';

export const metadata: Metadata = { title: 'Development mailbox · Freight Document Service' };

export default async function MailboxPage() {
  await connection();
  // Where the mailbox does not exist (production, or mail really goes out) the page does not either.
  if (!mailboxExists(getConfig())) notFound();
  const accountId = await getSessionAccountId();
  if (!accountId) redirect(`/login?callbackUrl=${encodeURIComponent('/dev/mailbox')}`);
  const mails = await listMailbox({ ctx: await createServiceContext({ accountId }), input: { limit: 50 } });
  return (
    <>
      <h1>Development mailbox</h1>
      <p>
        The e-mails this partner environment kept for your address instead of sending them, newest first. <Link href="/dev/mailbox">Refresh</Link>
      </p>
      <MailboxList mails={mails} />
    </>
  );
}
