/**
 * Database round trips per endpoint (issue 13 part 3): GET of a document, the list, create and issue may only get
 * cheaper. The figures recorded in round-trips.json are the most each may use; lower them when a change cuts trips.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
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
