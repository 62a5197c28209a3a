import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { connection } from 'next/server';
import type { ReactNode } from 'react';
import { HandoverHeader } from '@/components/handover/handover-header';
import { getConfig } from '@/server/config/env';
import '@/components/tablet/tablet.css';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations();
  // A hand-over address is a secret of one transfer: never in a search index.
  return { title: t('meta.pageTitle', { page: t('handover.pageTitle') }), robots: { index: false, follow: false } };
}

/** The counter party's phone, without an account: the tablet's large targets, none of its links. */
export default async function HandoverLayout({ children }: { children: ReactNode }) {
  // Per request: the environment is read at run time, and nothing may open the database at build time.
  await connection();
  return (
    <>
      <HandoverHeader partnerEnvironment={getConfig().APP_ENV === 'partner'} />
      <main id="main" className="tablet-page handover-page" tabIndex={-1}>
        {children}
      </main>
    </>
  );
}
