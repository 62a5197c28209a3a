import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * Tiers (README): `unit` runs pure code in-process; `services` calls the service actions in-process on PGlite and, with
 * TEST_DATABASE_URL, on PostgreSQL; the `integration-*` projects run the HTTP suite against real `next start` servers
 * (tests/integration/global-setup.ts). The PostgreSQL projects exist only when TEST_DATABASE_URL names a server.
 *
 * WHICH BACKENDS A FILE RUNS ON (issue 18). The shapes users run are the embedded PGlite (the default) and PostgreSQL
 * behind two instances, and a test runs once per backend where its behaviour can differ, not three times:
 *   - integration-pglite runs every file of tests/integration.
 *   - A file whose behaviour can differ on PostgreSQL says so in its header comment with the tag `@backends every`:
 *     SQL that differs between PGlite and PostgreSQL (the list, counters), concurrency (PGlite runs one transaction
 *     at a time), queues and jobs, locks, and state that instances share (sessions, idempotency, rate limits,
 *     lockout, keys). Such a file runs again in integration-two-instances, or, when it starts servers of its own
 *     (a setting of its own, a crash, a second instance: they cannot sit behind the shared balancer), in
 *     integration-postgres. tests/instances always runs in integration-two-instances.
 *   - A file without the tag (validation, formats, codes, pages: the same code over the same SQL) runs on PGlite only.
 *   - A file that stores or reads files (attachments, signatures, photos, PDF, verification) says so with `@blobs every`:
 *     it runs again in integration-s3, on PGlite with the S3 blob store against a real S3-protocol server (issue 37);
 *     integration-pglite uses the local store, integration-two-instances the S3 one.
 * `npm run test:full` (TEST_FULL=1) runs every file on every backend, as the suite did before: run it before a change
 * to SQL, to the fuzzed surface or to the message catalogues.
 */
const FULL = process.env.TEST_FULL === '1';
const INTEGRATION = path.join(__dirname, 'tests/integration');

const integrationFiles = fs
  .readdirSync(INTEGRATION, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.test.ts'))
  .map((file) => ({ file: `tests/integration/${file}`, source: fs.readFileSync(path.join(INTEGRATION, file), 'utf8') }));

/** Files that start servers of their own: they stay out of the two-instance tier's shared balancer. */
const startsOwnServers = (source: string) => /\b(startOwnServer|startServer|startInstancePair)\(/.test(source);
/** The header tag of a file whose behaviour can differ between PGlite and PostgreSQL (see above). */
const runsOnEveryBackend = (source: string) => FULL || /^\s*\*.*@backends every\b/m.test(source);

/** The header tag of a file whose behaviour can differ between the blob stores (see above). */
const runsOnEveryStore = (source: string) => FULL || /^\s*\*.*@blobs every\b/m.test(source);

const files = (keep: (source: string) => boolean) => integrationFiles.filter(({ source }) => keep(source)).map(({ file }) => file);

const integration = (name: string, include: string[], exclude: string[] = []) => ({
  extends: true as const,
  test: {
    name,
    include,
    exclude,
    environment: 'node' as const,
    globalSetup: ['tests/integration/global-setup.ts'],
    // HTTP clients of a server: nothing of one file's module state can reach another's server, and a fresh module
    // graph per file cost seconds of import per file on a shared 2-core machine.
    isolate: false,
    // Sign-ups hash passwords with scrypt and some files start their own server: allow for a slow shared CPU.
    testTimeout: 30_000,
    hookTimeout: 90_000,
  },
});

/** Two `next start` instances on one PostgreSQL behind a round-robin balancer (issue 13), plus tests/instances. */
const twoInstances = integration('integration-two-instances', [
  ...files((source) => runsOnEveryBackend(source) && !startsOwnServers(source)),
  'tests/instances/**/*.test.ts',
]);
/** One instance on PGlite with the S3 blob store: the files that store or read files. */
const s3Store = integration('integration-s3', files(runsOnEveryStore));
/** One instance on PostgreSQL: the files of the rule above that start servers of their own. */
const postgresSingle = integration(
  'integration-postgres',
  files((source) => runsOnEveryBackend(source) && startsOwnServers(source)),
);

export default defineConfig({
  resolve: {
    alias: {
      '@': path.resolve(__dirname, 'src'),
      // Server modules import 'server-only' so that a client bundle that reaches them fails to build. Tests run
      // them in plain Node, which is a server: give them the package's own empty module (its react-server export).
      'server-only': path.resolve(__dirname, 'node_modules/server-only/empty.js'),
    },
  },
  test: {
    // Two cores: one test file at a time; the servers under test need the other core.
    fileParallelism: false,
    // One seed per run for fast-check and the sampled tests; a failure prints it with the command that replays it.
    setupFiles: ['tests/support/vitest-seed.ts'],
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx'], environment: 'node', testTimeout: 30_000 },
      },
      {
        // Service actions called in-process on a fresh in-memory PGlite, and on PostgreSQL when
        // TEST_DATABASE_URL is set (tests/services/harness.ts): property tests and real concurrency.
        extends: true,
        test: { name: 'services', include: ['tests/services/**/*.test.ts'], environment: 'node', testTimeout: 120_000, hookTimeout: 180_000 },
      },
      integration('integration-pglite', ['tests/integration/**/*.test.ts']),
      s3Store,
      ...(process.env.TEST_DATABASE_URL ? [postgresSingle, twoInstances] : []),
    ],
  },
});
