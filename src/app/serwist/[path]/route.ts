import { createSerwistRoute } from '@serwist/turbopack';

/**
 * The tablet's service worker (issue 21, src/sw/service-worker.ts), bundled with esbuild when `next build`
 * prerenders this route, and served by `next start` at /serwist/sw.js with `Service-Worker-Allowed: /` (its scope is
 * the whole site so that it also covers /respond; it only answers the tablet's screens, see there).
 */
export const { dynamic, dynamicParams, revalidate, generateStaticParams, GET } = createSerwistRoute({
  swSrc: 'src/sw/service-worker.ts',
  // The native esbuild (a dependency of drizzle-kit already), not the default WebAssembly build.
  useNativeEsbuild: true,
  // Only the built assets and public/: the screens are kept at run time (they need the session, and each language
  // renders its own), not at build time.
  globPatterns: ['.next/static/**/*.{js,css,woff2,png,svg,ico}', 'public/**/*.{png,svg,webmanifest}'],
  // The worker's files are rebuilt from the source with `next dev`; in production they come from the build.
  rebuildOnChange: false,
});
