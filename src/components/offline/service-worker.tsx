'use client';
import { useEffect } from 'react';

/**
 * The screens kept for offline use as soon as the worker runs, before the driver has visited each of them. Every
 * hand-over page is the same shell (the screen takes its document from the address), so one kept under any id
 * opens every document offline.
 */
export const OFFLINE_SCREENS = ['/tablet', '/respond', '/tablet/shell'];

/**
 * Registers the tablet's service worker (issue 21; built from src/sw/service-worker.ts) on the tablet's and the
 * phone's screens, and asks it to keep these screens and the one open now. Only in a production build: under
 * `next dev` a caching worker would serve stale code.
 */
export function ServiceWorkerRegistration() {
  useEffect(() => {
    if (process.env.NODE_ENV !== 'production' || !('serviceWorker' in navigator)) return;
    let cancelled = false;
    void (async () => {
      try {
        await navigator.serviceWorker.register('/serwist/sw.js', { scope: '/', updateViaCache: 'none' });
        const registration = await navigator.serviceWorker.ready;
        if (cancelled) return;
        registration.active?.postMessage({ type: 'keep-screens', urls: [...OFFLINE_SCREENS, window.location.pathname] });
      } catch {
        // No worker (private mode, an old browser): the screens still work online.
      }
    })();
    return () => {
      cancelled = true;
    };
  }, []);
  return null;
}
