'use client';
import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { useMyTransfers, useOfflineCodes } from '@/components/tablet/tablet-data';
import { copyKeys } from '@/lib/offline/device-store';
import { useDevice } from './device-provider';
import { OFFLINE_SCREENS } from './service-worker';

/**
 * Asks the service worker to keep the offline screens and waits for its answer that they are in its cache, and for
 * the worker to control this page. True once both hold; false until then (or where there is no worker).
 */
function useScreensKept(): boolean {
  const [kept, setKept] = useState(false);
  useEffect(() => {
    if (process.env.NODE_ENV !== 'production' || !('serviceWorker' in navigator)) return;
    let cancelled = false;
    void (async () => {
      try {
        const registration = await navigator.serviceWorker.ready;
        const urls = [...OFFLINE_SCREENS, window.location.pathname];
        const channel = new MessageChannel();
        const answer = new Promise<string[]>((resolve) => {
          channel.port1.onmessage = (event: MessageEvent<{ urls?: string[] }>) => resolve(event.data.urls ?? []);
        });
        registration.active?.postMessage({ type: 'keep-screens', urls }, [channel.port2]);
        const cached = await answer;
        if (!navigator.serviceWorker.controller) {
          await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
        }
        if (!cancelled && urls.every((url) => cached.includes(url))) setKept(true);
      } catch {
        // No worker: the tablet never says it is ready offline.
      }
    })();
    return () => {
      cancelled = true;
    };
  }, []);
  return kept;
}

/**
 * Issue 31 item 9: "Ready to work offline" on My transfers, said only when it is true — the app and its screens are in
 * the service worker's cache and control this page, the documents listed are copied on this device for this account,
 * and the code kit is kept. Until then "Getting ready to work offline…".
 */
export function OfflineReady() {
  const t = useTranslations('offline');
  const screens = useScreensKept();
  const transfers = useMyTransfers();
  const kit = useOfflineCodes();
  const { copies } = useDevice();
  const ids = [...new Set((transfers.data?.transfers ?? []).map((item) => item.freightDocumentId))];
  const fresh = transfers.isSuccess && !transfers.isRefetchError;
  const copied = useQuery({
    queryKey: ['offline-ready', copies?.accountId, ids],
    queryFn: async () => {
      if (!copies?.store) return false;
      const keys = [copyKeys.myTransfers, ...ids.map(copyKeys.handOver)];
      const found = await Promise.all(keys.map((key) => copies.store!.readCopy(copies.accountId, key)));
      return found.every(Boolean);
    },
    enabled: Boolean(copies) && fresh,
    refetchInterval: (query) => (query.state.data ? false : 1000),
    networkMode: 'always',
  });
  const ready = screens && copied.data === true && kit.data?.kept === true;
  return (
    <p className={ready ? 'offline-ready' : 'hint'} role="status" data-testid="offline-ready" data-ready={ready}>
      {ready ? t('ready') : t('preparing')}
    </p>
  );
}
