/**
 * Database round trips per endpoint (issue 13 part 3): GET of a document, the list, create and issue may only get
 * cheaper. The figures recorded in round-trips.json are the most each may use; lower them when a change cuts trips.
 *
 * @backends every (run on PostgreSQL in `npm test` too, vitest.config.ts): the statements on PostgreSQL are counted
 * there.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '@/server/db/rows';
import { ENDPOINTS, measureRoundTrips, type RoundTrips } from '../../scripts/bench/round-trips';
import { databaseKinds, openTestDatabase } from './harness';

const RECORDED = JSON.parse(fs.readFileSync(path.join(__dirname, 'round-trips.json'), 'utf8')) as RoundTrips;

describe.each(databaseKinds())('database round trips per request (%s)', (kind) => {
  it('stay at or below the recorded figures', async () => {
    let dispose: (() => Promise<void>) | undefined;
    const measured = await measureRoundTrips(async (logger) => {
      const database = await openTestDatabase(kind, { logger });
      dispose = database.dispose;
      return { ...database.handle, close: async () => {} };
    });
    await dispose?.();
    console.log(`round trips (${kind}):`, JSON.stringify(measured));
    for (const endpoint of ENDPOINTS) {
      expect.soft(measured[endpoint], `${endpoint}: ${measured[endpoint]} round trips, recorded ${RECORDED[endpoint]}`).toBeLessThanOrEqual(RECORDED[endpoint]);
    }
  });
});

describe.runIf(databaseKinds().includes('postgres'))('statements on PostgreSQL', () => {
  // Unnamed, postgres-js asks for a statement's parameter types before every run: two network round trips. Named
  // (prepared-client.ts), a statement is described once per connection and each later run is one round trip.
  it('are kept as named prepared statements, so a statement run again is one round trip', async () => {
    const database = await openTestDatabase('postgres');
    try {
      const named = await database.handle.db.transaction(async (tx) => {
        for (const value of ['first', 'second']) await tx.execute(sql`select ${value}::text as fds_probe_value`);
        return queryRows<{ count: number }>(tx, sql`select count(*)::int as count from pg_prepared_statements where statement like '%fds_probe_value%'`);
      });
      expect(named).toEqual([{ count: 1 }]);
    } finally {
      await database.dispose();
    }
  });
});
