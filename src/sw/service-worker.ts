/// <reference lib="webworker" />
import { CacheFirst, ExpirationPlugin, NetworkFirst, Serwist, type PrecacheEntry, type SerwistPlugin } from 'serwist';

/**
 * The tablet's service worker (issue 21), bundled by @serwist/turbopack at `next build` and served at
 * /serwist/sw.js. It precaches the built assets (/_next/static, public/) and keeps the last answer of each screen
 * of the tablet and the phone page, so they open, reload and move between each other with no network. Everything
 * else (the portal, the API, tRPC) goes to the network untouched: the portal stays online-only, and the tablet's
 * data lives in IndexedDB (lib/offline), not in this worker's caches.
 */
declare const self: ServiceWorkerGlobalScope & { __SW_MANIFEST: (PrecacheEntry | string)[] | undefined };

/** The screens that work offline: "My transfers", a hand-over, the phone's response page. */
const OFFLINE_SCREENS = /^\/(tablet(\/[^/]+)?|respond)\/?$/;
const PAGES = 'offline-screens';

/**
 * Keeps only a screen itself: a redirect to the sign-in page (session gone) or an error page must not become the
 * copy that opens offline.
 */
const onlyScreens: SerwistPlugin = {
  cacheWillUpdate: async ({ response }) => (response.status === 200 && !response.redirected ? response : null),
};

/**
 * A hand-over never opened on this device still opens offline: every /tablet/<id> page is the same shell (the
 * screen reads its document from the local copy by the address), so any kept one serves.
 */
const handOverShell: SerwistPlugin = {
  handlerDidError: async ({ request }) => {
    const url = new URL(request.url);
    if (!/^\/tablet\/[^/]+\/?$/.test(url.pathname)) return undefined;
    const cache = await caches.open(PAGES);
    for (const key of await cache.keys()) {
      if (/^\/tablet\/[^/]+\/?$/.test(new URL(key.url).pathname)) return (await cache.match(key)) ?? undefined;
    }
    return undefined;
  },
};

const serwist = new Serwist({
  precacheEntries: self.__SW_MANIFEST,
  skipWaiting: true,
  clientsClaim: true,
  navigationPreload: false,
  runtimeCaching: [
    {
      matcher: ({ request, url, sameOrigin }) => sameOrigin && request.mode === 'navigate' && OFFLINE_SCREENS.test(url.pathname),
      // The network first, so an online tablet always shows the server's page; a slow yard network gives up after 4 s.
      handler: new NetworkFirst({ cacheName: PAGES, networkTimeoutSeconds: 4, plugins: [onlyScreens, handOverShell] }),
    },
    {
      // The icons and the manifest (public/) when the precache has not got them yet.
      matcher: ({ url, sameOrigin }) => sameOrigin && (url.pathname.startsWith('/icons/') || url.pathname === '/manifest.webmanifest'),
      handler: new CacheFirst({ cacheName: 'offline-static', plugins: [new ExpirationPlugin({ maxEntries: 16 })] }),
    },
  ],
});

/**
 * A page asks the worker to keep screens now (right after sign-in, before the driver has visited every screen). With a
 * port, the worker answers which of them are in its cache afterwards: the tablet says "ready to work offline" only
 * then (issue 31 item 9), never before.
 */
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data = event.data as { type?: string; urls?: unknown } | undefined;
  if (data?.type !== 'keep-screens' || !Array.isArray(data.urls)) return;
  const urls = data.urls.filter((url): url is string => typeof url === 'string' && OFFLINE_SCREENS.test(new URL(url, self.location.origin).pathname));
  const reply = event.ports[0];
  event.waitUntil(
    (async () => {
      const cache = await caches.open(PAGES);
      await Promise.all(
        urls.map(async (url) => {
          const response = await fetch(url, { credentials: 'same-origin' }).catch(() => undefined);
          if (response && response.status === 200 && !response.redirected) await cache.put(url, response);
        }),
      );
      const kept = await Promise.all(urls.map(async (url) => ((await cache.match(url)) ? url : undefined)));
      reply?.postMessage({ type: 'screens-kept', urls: kept.filter(Boolean) });
    })(),
  );
});

serwist.addEventListeners();
