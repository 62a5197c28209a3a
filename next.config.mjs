import { withSerwist } from '@serwist/turbopack';
import createNextIntlPlugin from 'next-intl/plugin';

/**
 * Headers every answer carries (contract §1): no MIME sniffing, no framing (the portal's CSP adds
 * frame-ancestors, see src/proxy.ts), and no full URLs in Referer to other sites.
 */
const securityHeaders = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
];

/** @type {import('next').NextConfig} */
const nextConfig = {
  // PGlite ships WASM and data files that must be loaded from node_modules at run time, not bundled.
  // prom-client keeps its registry in module state: one copy per process, not one per route bundle.
  // piscina starts worker threads from a file on disk (src/server/pdf/worker-entry.mjs); bundled, it loses its own.
  // openpgp: bundled, its browser build is picked and cannot sign with Curve25519 keys ("Unknown curve").
  serverExternalPackages: ['@electric-sql/pglite', 'postgres', 'nodemailer', 'prom-client', 'piscina', 'openpgp'],
  // Without this, `next dev` pages opened on 127.0.0.1 never hydrate.
  allowedDevOrigins: ['127.0.0.1'],
  // The contract tolerates a trailing slash on API paths: rewritten below instead of redirected.
  skipTrailingSlashRedirect: true,
  poweredByHeader: false,
  typedRoutes: false,
  async headers() {
    return [{ source: '/:path*', headers: securityHeaders }];
  },
  /** Issue 23: the reference lives at /docs/api; /docs is where a newcomer looks first. */
  async redirects() {
    return [
      { source: '/docs', destination: '/docs/api', permanent: false },
      { source: '/docs/', destination: '/docs/api', permanent: false },
    ];
  },
  /**
   * Contract §1: every endpoint is also served under /v1/api, and a trailing slash is tolerated. Internal
   * rewrites here rather than in src/proxy.ts: a proxy makes Next.js buffer request bodies (see there).
   */
  async rewrites() {
    return {
      beforeFiles: [
        { source: '/v1/api/:path+/', destination: '/api/:path+' },
        { source: '/v1/api/:path*', destination: '/api/:path*' },
        { source: '/api/:path+/', destination: '/api/:path+' },
      ],
    };
  },
};
// next-intl finds its request configuration (src/i18n/request.ts) through an alias this plugin sets. withSerwist keeps
// esbuild (which bundles the tablet's service worker, src/app/serwist) out of the server bundles.
export default createNextIntlPlugin()(withSerwist(nextConfig));
