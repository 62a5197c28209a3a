import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { sampleOf } from './tests/support/sampling';

/**
 * Tiers (README): `unit` runs pure code in-process; `services` calls the service actions in-process on PGlite and, with
 * TEST_DATABASE_URL, on PostgreSQL; the `integration-*` projects run the HTTP suite against real `next start` servers
 * (tests/integration/global-setup.ts). The PostgreSQL projects exist only when TEST_DATABASE_URL names a server.
 *
 * WHICH BACKENDS A FILE RUNS ON (issue 18). The shapes users run are the embedded PGlite (the default) and PostgreSQL
 * behind two instances, and a test runs once per backend where its behaviour can differ, not three times:
 *   - integration-pglite runs every file of tests/integration, but see "With PostgreSQL" below.
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
 *   - With PostgreSQL (TEST_DATABASE_URL), `npm test` runs a tagged file on PostgreSQL, where its races and shared
 *     state are real, and on PGlite only when its PGlite path is its own (PGLITE_PATHS below) or the run's seed draws
 *     it (a quarter of the others, another quarter from run to run): the 2-core budget of issue 18.
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
const runsOnEveryStore = (source: string) => /^\s*\*.*@blobs every\b/m.test(source);

const files = (keep: (source: string) => boolean) => integrationFiles.filter(({ source }) => keep(source)).map(({ file }) => file);

/**
 * Tagged files whose PGlite run covers a path of its own, on PGlite in every run: the admin command goes through the
 * running server, LISTEN/NOTIFY and the list's SQL are PGlite's own, the fuzzer finds SQL the two answer apart, the
 * embedded database is closed at SIGTERM, and fairness is checked on a backlog of test events there.
 */
const PGLITE_PATHS = ['admin-command', 'job-wakeup', 'freight-documents-list', 'fuzz', 'graceful-shutdown', 'webhook-fairness'].map(
  (name) => `tests/integration/${name}.test.ts`,
);

/** integration-pglite's files (see "With PostgreSQL" above). */
function pgliteFiles(): string[] {
  if (FULL || !process.env.TEST_DATABASE_URL) return ['tests/integration/**/*.test.ts'];
  const tagged = files(runsOnEveryBackend);
  const drawn = tagged.filter((file) => !PGLITE_PATHS.includes(file));
  const onPglite = new Set([...PGLITE_PATHS, ...sampleOf(drawn, Math.ceil(drawn.length / 4), 'integration-pglite')]);
  return integrationFiles.map(({ file }) => file).filter((file) => !tagged.includes(file) || onPglite.has(file));
}

/**
 * The S3 tier's files. `npm run test:full`: every file, as on every backend. `npm test`: the store's own file
 * (tests/integration/blobs.test.ts: streaming, ranges, a changed blob) and one other drawn from the run's seed (another
 * from run to run, blobs:migrate among them); the tagged files that also run in integration-two-instances (`@backends
 * every`) meet the S3 store there, and tests/services runs every blob case, blobs:migrate too, on both stores in-process.
 */
function s3StoreFiles(): string[] {
  if (FULL) return files(() => true);
  const tagged = files(runsOnEveryStore);
  const storeItself = 'tests/integration/blobs.test.ts';
  const others = tagged.filter((file) => file !== storeItself);
  return [storeItself, ...sampleOf(others, 1, 'integration-s3')];
}

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
const s3Store = integration('integration-s3', s3StoreFiles());
/** One instance on PostgreSQL: the files of the rule above that start servers of their own. */
const postgresSingle = integration(
  'integration-postgres',
  files((source) => runsOnEveryBackend(source) && startsOwnServers(source)),
);

const SERVICES = path.join(__dirname, 'tests/services');
const servicesFiles = fs
  .readdirSync(SERVICES, { encoding: 'utf8' })
  .filter((file) => file.endsWith('.test.ts'))
  .map((file) => ({ file: `tests/services/${file}`, source: fs.readFileSync(path.join(SERVICES, file), 'utf8') }));

/**
 * Service actions called in-process on a fresh in-memory PGlite, and on PostgreSQL when TEST_DATABASE_URL is set
 * (tests/services/harness.ts): property tests and real concurrency. The rule of the API files holds here too: in
 * `npm test` every file runs on PGlite (`services`) and the files tagged `@backends every` (SQL that can differ,
 * concurrency, locks, queues, counters) run again on PostgreSQL (`services-postgres`); `npm run test:full` runs every
 * file on both, in `services`. SERVICE_DATABASES tells the harness which (databaseKinds()).
 */
function servicesProjects() {
  const project = (name: string, include: string[], databases?: 'pglite' | 'postgres') => ({
    extends: true as const,
    test: {
      name,
      include,
      environment: 'node' as const,
      testTimeout: 120_000,
      hookTimeout: 180_000,
      ...(databases ? { env: { SERVICE_DATABASES: databases } } : {}),
    },
  });
  if (FULL || !process.env.TEST_DATABASE_URL) return [project('services', ['tests/services/**/*.test.ts'])];
  return [
    project('services', ['tests/services/**/*.test.ts'], 'pglite'),
    project(
      'services-postgres',
      servicesFiles.filter(({ source }) => /^\s*\*.*@backends every\b/m.test(source)).map(({ file }) => file),
      'postgres',
    ),
  ];
}

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
      ...servicesProjects(),
      integration('integration-pglite', pgliteFiles()),
      s3Store,
      ...(process.env.TEST_DATABASE_URL ? [postgresSingle, twoInstances] : []),
    ],
  },
});
