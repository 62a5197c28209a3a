// @ts-check
/**
 * Lint set-up (docs/decisions/0009-lint-and-layer-guardrails.md). The layer rules mirror the import direction of
 * ARCHITECTURE.md: app → server | lib | components; server/http, server/trpc → server/services, lib;
 * server/services → server/db, server/errors, lib (and the server's own adapters); lib and components never
 * import server; services never import next/* or @trpc/*.
 */
import js from '@eslint/js';
import nextPlugin from '@next/eslint-plugin-next';
import drizzle from 'eslint-plugin-drizzle';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** An import source a layer may not use; `regex` is matched against the import string. */
const forbid = (regex, message, extra = {}) => ({ regex, message, ...extra });

const NO_APP = forbid('^@/app(/|$)', 'Routes (src/app) are the top layer: nothing imports them.');
const NO_COMPONENTS = forbid('^@/components(/|$)', 'Only src/app and other components import React components; the server never does.');
// The tRPC client needs the router's type, and only its type: `import type` is erased and bundles no server code.
const ROUTER_TYPE_ONLY = forbid('^@/server/trpc/router$', 'Import the router with `import type` only: its type, never its code.', {
  allowTypeImports: true,
});
const NO_SERVER = forbid('^@/server(/(?!trpc/router$)|$)', 'lib and components run in the browser too: they never import src/server.');
const NO_TRANSPORTS = forbid('^@/server/(http|trpc|auth)(/|$)', 'Transports call services, not the other way round.');
const NO_NEXT = forbid('^(next|next-auth)(/|$)', 'Services never import next/*: keep them callable from REST, tRPC, the admin command and tests.');
const NO_TRPC = forbid('^@trpc/', 'Services never import @trpc/*: they throw ServiceError and the transports map it.');
const NO_DATABASE = forbid('^@/server/db(/|$)', 'Transports reach the database only through a service.');

/** What each layer may not import. Later entries win for the files they match (flat config merges in order). */
const layers = [
  // Adapters and everything else under src/server that has no stricter entry below (auth, jobs, mail, boot, …).
  { root: 'src/server', forbidden: [NO_APP, NO_COMPONENTS] },
  ...['db', 'errors', 'config', 'crypto'].map((base) => ({
    root: `src/server/${base}`,
    forbidden: [NO_APP, NO_COMPONENTS, forbid('^@/server/(services|http|trpc|auth|jobs|mail)(/|$)', 'Foundation modules sit below the services.')],
  })),
  { root: 'src/server/services', forbidden: [NO_APP, NO_COMPONENTS, NO_TRANSPORTS, NO_NEXT, NO_TRPC] },
  { root: 'src/server/http', forbidden: [NO_APP, NO_COMPONENTS, NO_DATABASE, forbid('^@/server/trpc(/|$)', 'REST and tRPC are separate doors.')] },
  // The body gate and the error answer are the one transport rule for both doors (contract §1); nothing else crosses.
  {
    root: 'src/server/trpc',
    forbidden: [NO_APP, NO_COMPONENTS, NO_DATABASE, forbid('^@/server/http(/(?!body-gate$|respond$|client-address$)|$)', 'REST and tRPC are separate doors.')],
  },
  { root: 'src/lib', forbidden: [NO_APP, NO_COMPONENTS, ROUTER_TYPE_ONLY, NO_SERVER] },
  { root: 'src/components', forbidden: [NO_APP, ROUTER_TYPE_ONLY, NO_SERVER] },
];

const MAX_DEPTH = 8;

/**
 * One block per layer and folder depth: a relative import may not climb out of its layer (`../../components/x`
 * from a service), so every cross-layer import is written `@/…` and the patterns above see it.
 */
function layerBlocks({ root, forbidden }) {
  return Array.from({ length: MAX_DEPTH }, (_, depth) => {
    const folder = `${root}/${'*/'.repeat(depth)}`;
    const escape = forbid(`^(\\./)?(\\.\\./){${depth + 1},}`, `A relative import stays inside ${root}; import other layers as "@/…" (ARCHITECTURE.md).`);
    return {
      name: `layers/${root}/depth-${depth}`,
      files: [`${folder}*.ts`, `${folder}*.tsx`],
      rules: { 'no-restricted-imports': ['error', { patterns: [...forbidden, escape] }] },
    };
  });
}

export default tseslint.config(
  {
    ignores: [
      '.next/**',
      'node_modules/**',
      'src/server/db/migrations/**',
      'test-results/**',
      'playwright-report/**',
      '.data/**',
      '.test-data/**',
      'next-env.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    name: 'project/typescript',
    rules: {
      // TypeScript already reports undefined names, with the types in view.
      'no-undef': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    // Tests read JSON bodies field by field; typing every reply would add nothing the assertions do not check.
    name: 'project/tests',
    files: ['tests/**', 'e2e/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    name: 'project/drizzle',
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { drizzle },
    rules: {
      // The names our code gives a Drizzle database or transaction (ctx.db, database.handle.db, tx).
      'drizzle/enforce-delete-with-where': ['error', { drizzleObjectName: ['db', 'tx'] }],
      'drizzle/enforce-update-with-where': ['error', { drizzleObjectName: ['db', 'tx'] }],
    },
  },
  {
    name: 'project/react',
    files: ['src/app/**/*.{ts,tsx}', 'src/components/**/*.{ts,tsx}', 'src/lib/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, '@next/next': nextPlugin },
    settings: { next: { rootDir: '.' } },
    rules: { ...reactHooks.configs.flat.recommended.rules, ...nextPlugin.configs['core-web-vitals'].rules },
  },
  ...layers.flatMap(layerBlocks),
);
