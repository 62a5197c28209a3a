import createNextIntlPlugin from 'next-intl/plugin';

/** @type {import('next').NextConfig} */
const nextConfig = {
  // PGlite ships WASM and data files that must be loaded from node_modules at run time, not bundled.
  serverExternalPackages: ['@electric-sql/pglite', 'postgres', 'nodemailer'],
  // Without this, `next dev` pages opened on 127.0.0.1 never hydrate.
  allowedDevOrigins: ['127.0.0.1'],
  // The contract tolerates a trailing slash on API paths: src/proxy.ts rewrites instead of redirecting.
  skipTrailingSlashRedirect: true,
  poweredByHeader: false,
  typedRoutes: false,
};
// next-intl finds its request configuration (src/i18n/request.ts) through an alias this plugin sets.
export default createNextIntlPlugin()(nextConfig);
