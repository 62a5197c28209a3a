import { connection } from 'next/server';
import type { ReactNode } from 'react';
import { TabletHeader } from '@/components/tablet/tablet-header';
import { getSessionAccountId } from '@/server/auth/session';
import { getConfig } from '@/server/config/env';
import '@/components/tablet/tablet.css';

/** The carrier's tablet and the counter party's phone page: a compact header and large touch targets. */
export default async function TabletLayout({ children }: { children: ReactNode }) {
  await connection();
  const accountId = await getSessionAccountId();
  return (
    <>
      <TabletHeader signedIn={Boolean(accountId)} partnerEnvironment={getConfig().APP_ENV === 'partner'} />
      <main id="main" className="tablet-page" tabIndex={-1}>
        {children}
      </main>
    </>
  );
}
