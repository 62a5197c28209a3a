import type { Metadata, Viewport } from 'next';
import { connection } from 'next/server';
import type { ReactNode } from 'react';
import { DeviceGate } from '@/components/offline/device-gate';
import { DeviceProvider } from '@/components/offline/device-provider';
import { renderedAtNow } from '@/lib/offline/rendered-at';
import { OfflineBar } from '@/components/offline/offline-bar';
import { ServiceWorkerRegistration } from '@/components/offline/service-worker';
import { TabletHeader } from '@/components/tablet/tablet-header';
import { getSessionAccountId } from '@/server/auth/session';
import { getConfig } from '@/server/config/env';
import '@/components/tablet/tablet.css';
import '@/components/offline/offline.css';

/** Issue 21: the tablet's screens are an installable app (public/manifest.webmanifest) that opens offline. */
export const metadata: Metadata = { manifest: '/manifest.webmanifest', icons: { apple: '/icons/icon-192.png' } };
export const viewport: Viewport = { themeColor: '#0b5cad' };

/** The carrier's tablet and the counter party's phone page: a compact header and large touch targets. */
export default async function TabletLayout({ children }: { children: ReactNode }) {
  await connection();
  const accountId = await getSessionAccountId();
  // Who this page was rendered for, and when: the device's data follows the newest render it has seen (issue 31).
  const renderedAt = renderedAtNow();
  return (
    <DeviceProvider accountId={accountId ?? null} renderedAt={renderedAt}>
      <ServiceWorkerRegistration />
      <TabletHeader signedIn={Boolean(accountId)} partnerEnvironment={getConfig().APP_ENV === 'partner'} />
      <OfflineBar />
      <main id="main" className="tablet-page" tabIndex={-1}>
        <DeviceGate>{children}</DeviceGate>
      </main>
    </DeviceProvider>
  );
}
