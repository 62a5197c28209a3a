import type { Metadata } from 'next';
import { connection } from 'next/server';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { MailboxList } from '@/components/mailbox-list';
import { ServiceError } from '@/server/errors';
import { createServiceContext } from '@/server/services/context';
import { listMailbox } from '@/server/services/mail/list-mailbox';

export const metadata: Metadata = { title: 'Development mailbox · Freight Document Service' };

export default async function MailboxPage() {
  await connection();
  // The service decides where the mailbox exists (partner environment only, else 2.2).
  const mails = await listMailbox({ ctx: await createServiceContext(), input: { limit: 50 } }).catch((error: unknown) => {
    if (error instanceof ServiceError && error.code === '2.2') notFound();
    throw error;
  });
  return (
    <>
      <h1>Development mailbox</h1>
      <p>
        The e-mails this partner environment has sent or kept, newest first. <Link href="/dev/mailbox">Refresh</Link>
      </p>
      <MailboxList mails={mails} />
    </>
  );
}
