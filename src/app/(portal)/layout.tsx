import { connection } from 'next/server';
import type { ReactNode } from 'react';
import { SiteHeader } from '@/components/site-header';
import { getSessionAccountId } from '@/server/auth/session';
import { getConfig } from '@/server/config/env';
import { mailboxExists } from '@/server/services/mail/list-mailbox';

export default async function PortalLayout({ children }: { children: ReactNode }) {
  // Rendered per request: the header depends on the session, and nothing may open the database at build time.
  await connection();
  const accountId = await getSessionAccountId();
  return (
    <>
      <SiteHeader signedIn={Boolean(accountId)} partnerEnvironment={getConfig().APP_ENV === 'partner'} mailbox={mailboxExists(getConfig())} />
      <main id="main" className="page" tabIndex={-1}>
        {children}
      </main>
    </>
  );
}
