import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@/server/db/rows';
import { ServiceError } from '@/server/errors';
import { addCredits } from '@/server/services/accounts/add-credits';
import { getMyAccount } from '@/server/services/accounts/get-my-account';
import { createFreightDocument } from '@/server/services/freight-documents/create-freight-document';
import { issueFreightDocument } from '@/server/services/freight-documents/issue-freight-document';
import { activeAccount, databaseKinds, openTestDatabase, serviceContext, type TestDatabase } from './harness';

const draft = { type: 'WAYBILL', consignor: { name: 'A' }, consignee: { name: 'B' }, placeOfTakingOver: { countryCode: 'NLD' }, goods: 'Boxes' };

/**
 * Credits never overdraw and service numbers stay gap-free under real concurrency. On PGlite transactions
 * run one at a time, so the race only means something on PostgreSQL (STACK.md); both are run.
 */
describe.each(databaseKinds())('issuing concurrently (%s)', (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => database?.dispose());

  it('20 concurrent issues with 5 credits give exactly 5 successes and 15 × 4.41', async () => {
    const production = { APP_ENV: 'production' as const };
    const base = serviceContext(database.handle, production);
    const account = await activeAccount(base, 'Issuer');
    await addCredits({ ctx: base, input: { accountNumber: account.accountNumber, amount: 5 } });
    const ctx = serviceContext(database.handle, production, account.accountId);
    const ids: string[] = [];
    for (let i = 0; i < 20; i += 1) ids.push((await createFreightDocument({ ctx, input: draft })).freightDocumentId);

    const results = await Promise.allSettled(
      ids.map((freightDocumentId) =>
        issueFreightDocument({ ctx: serviceContext(database.handle, production, account.accountId), input: { freightDocumentId } }),
      ),
    );
    const ok = results.filter((result) => result.status === 'fulfilled');
    const refused = results.filter((result) => result.status === 'rejected').map((result) => (result as PromiseRejectedResult).reason);
    expect(ok).toHaveLength(5);
    expect(refused).toHaveLength(15);
    for (const reason of refused) expect(reason instanceof ServiceError && reason.code).toBe('4.41');
    expect((await getMyAccount({ ctx })).credits).toBe(0);
  }, 60_000);

  it('20 concurrent creations get gap-free, unique 12-digit service numbers', async () => {
    // Same environment as above: service numbers are per environment, and one database serves one.
    const production = { APP_ENV: 'production' as const };
    const base = serviceContext(database.handle, production);
    const account = await activeAccount(base, 'Creator');
    const ctx = serviceContext(database.handle, production, account.accountId);
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => createFreightDocument({ ctx: serviceContext(database.handle, production, account.accountId), input: draft })),
    );
    expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
    const rows = await queryRows<{ service_number: string }>(database.handle.db, sql`select service_number from freight_documents order by service_number`);
    const numbers = rows.map((row) => Number(row.service_number));
    expect(rows.every((row) => /^\d{12}$/.test(row.service_number))).toBe(true);
    expect(numbers).toHaveLength(40);
    expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, index) => index + 1));
    expect(ctx.caller?.accountId).toBe(account.accountId);
  }, 60_000);
});
