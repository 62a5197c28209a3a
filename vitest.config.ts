import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * Three tiers (README): `unit` runs pure code in-process; `integration-pglite` and `integration-postgres`
 * run the same HTTP suite against one real `next start` server each (see tests/integration/global-setup.ts).
 * The PostgreSQL project exists only when TEST_DATABASE_URL names a server to create databases on.
 */
const integration = (name: string) => ({
  extends: true as const,
  test: {
    name,
    include: ['tests/integration/**/*.test.ts'],
    environment: 'node' as const,
    globalSetup: ['tests/integration/global-setup.ts'],
    // Sign-ups hash passwords with scrypt and some files start their own server: allow for a slow shared CPU.
    testTimeout: 30_000,
    hookTimeout: 90_000,
  },
});

/**
 * The API suite files that start servers of their own (a setting of their own, a crash, a second instance): the
 * two-instance tier leaves them to the single-server projects, where they already run on PostgreSQL.
 */
function filesStartingOwnServers(): string[] {
  const folder = path.join(__dirname, 'tests/integration');
  return fs
    .readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts'))
    .filter((file) => /\b(startOwnServer|startServer|startInstancePair)\(/.test(fs.readFileSync(path.join(folder, file), 'utf8')))
    .map((file) => `tests/integration/${file}`);
}

/**
 * Two `next start` instances on one PostgreSQL behind a round-robin balancer (issue 13): the API suite, every
 * request of a test alternating between them, plus the focused checks of tests/instances.
 */
const twoInstances = {
  extends: true as const,
  test: {
    ...integration('integration-two-instances').test,
    include: ['tests/integration/**/*.test.ts', 'tests/instances/**/*.test.ts'],
    exclude: filesStartingOwnServers(),
  },
};

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
      integration('integration-pglite'),
      ...(process.env.TEST_DATABASE_URL ? [integration('integration-postgres'), twoInstances] : []),
    ],
  },
});
