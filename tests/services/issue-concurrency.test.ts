/**
 * @backends every (run on PostgreSQL in `npm test` too, vitest.config.ts): issuing concurrently (credits, gap-free
 * numbers) races on PostgreSQL only.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '@/server/db/rows';
import { accounts, documentCommits, documentEvents, freightDocuments } from '@/server/db/schema';
import { ServiceError } from '@/server/errors';
import { addCredits } from '@/server/services/accounts/add-credits';
import { getMyAccount } from '@/server/services/accounts/get-my-account';
import { createFreightDocument } from '@/server/services/freight-documents/create-freight-document';
import { issueFreightDocument } from '@/server/services/freight-documents/issue-freight-document';
import { activeAccount, databaseKinds, openTestDatabase, serviceContext, type TestDatabase } from './harness';

const draft = { type: 'WAYBILL', consignor: { name: 'A' }, consignee: { name: 'B' }, placeOfTakingOver: { countryCode: 'NLD' }, goods: 'Boxes' };
// Credits are charged in production only, and service numbers count per environment.
const production = { APP_ENV: 'production' as const };

/**
 * Credits never overdraw and service numbers stay gap-free under real concurrency. On PGlite transactions
 * run one at a time, so the race only means something on PostgreSQL (STACK.md); both are run. Each test has a
 * database of its own, so neither depends on the other or on their order.
 */
describe.each(databaseKinds())('issuing concurrently (%s)', (kind) => {
  let database: TestDatabase;

  beforeEach(async () => {
    database = await openTestDatabase(kind);
  });
  afterEach(async () => database?.dispose());

  it('20 concurrent issues with 5 credits issue exactly 5 documents, charge 5 credits and refuse 15 with 4.41', async () => {
    const base = serviceContext(database.handle, production);
    const account = await activeAccount(base, 'Issuer');
    await addCredits({ ctx: base, input: { accountNumber: account.accountNumber, amount: 5 } });
    const creditsOf = async () =>
      (await database.handle.db.select({ credits: accounts.credits }).from(accounts).where(eq(accounts.id, account.accountId)))[0]!.credits;
    expect(await creditsOf()).toBe(5);

    const ctx = serviceContext(database.handle, production, account.accountId);
    const ids: string[] = [];
    for (let i = 0; i < 20; i += 1) ids.push((await createFreightDocument({ ctx, input: draft })).freightDocumentId);

    const results = await Promise.allSettled(
      ids.map((freightDocumentId) =>
        issueFreightDocument({ ctx: serviceContext(database.handle, production, account.accountId), input: { freightDocumentId } }),
      ),
    );
    const issuedIds = ids.filter((_, index) => results[index]!.status === 'fulfilled');
    const refusals = results.flatMap((result) => (result.status === 'rejected' ? [result.reason as unknown] : []));
    expect(issuedIds).toHaveLength(5);
    expect(refusals.map((reason) => (reason instanceof ServiceError ? reason.code : String(reason)))).toEqual(Array(15).fill('4.41'));

    // What the database holds: the balance went from 5 to 0, and exactly the documents whose issue succeeded
    // are ISSUED, each with one ISSUE commit and one status event; the refused ones are untouched drafts.
    expect(await creditsOf()).toBe(0);
    expect((await getMyAccount({ ctx })).credits).toBe(0);
    const documents = await database.handle.db
      .select({ id: freightDocuments.id, status: freightDocuments.status })
      .from(freightDocuments)
      .where(inArray(freightDocuments.id, ids));
    const idsWithStatus = (status: string) =>
      documents
        .filter((document) => document.status === status)
        .map((document) => document.id)
        .sort();
    expect(idsWithStatus('ISSUED')).toEqual([...issuedIds].sort());
    expect(idsWithStatus('DRAFT')).toEqual(ids.filter((id) => !issuedIds.includes(id)).sort());
    const issueCommits = await database.handle.db
      .select({ documentId: documentCommits.documentId, newStatus: documentCommits.newStatus })
      .from(documentCommits)
      .where(eq(documentCommits.changeType, 'ISSUE'));
    expect(issueCommits.map((commit) => commit.documentId).sort()).toEqual([...issuedIds].sort());
    expect(issueCommits.every((commit) => commit.newStatus === 'ISSUED')).toBe(true);
    const issuedEvents = await database.handle.db
      .select({ documentId: documentEvents.documentId })
      .from(documentEvents)
      .where(eq(documentEvents.status, 'ISSUED'));
    expect(issuedEvents.map((event) => event.documentId).sort()).toEqual([...issuedIds].sort());
  }, 60_000);

  it('20 concurrent creations get gap-free, unique 12-digit service numbers', async () => {
    const base = serviceContext(database.handle, production);
    const account = await activeAccount(base, 'Creator');
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => createFreightDocument({ ctx: serviceContext(database.handle, production, account.accountId), input: draft })),
    );
    expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
    const createdIds = results.map((result) => (result as PromiseFulfilledResult<{ freightDocumentId: string }>).value.freightDocumentId);

    // The database is this test's own: its 20 documents are all there are, numbered 1 to 20 in some order.
    const rows = await queryRows<{ id: string; service_number: string }>(
      database.handle.db,
      sql`select id, service_number from freight_documents order by service_number`,
    );
    expect(rows.map((row) => row.id).sort()).toEqual([...createdIds].sort());
    expect(rows.map((row) => row.service_number)).toEqual(Array.from({ length: 20 }, (_, index) => String(index + 1).padStart(12, '0')));
  }, 60_000);
});
