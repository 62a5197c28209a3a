/**
 * Both parties of a transfer approve at the same moment (issue 9): the document row lock of the one frame
 * serialises them, so the second sees the first, the status moves exactly once and one event is written. Only
 * PostgreSQL runs transactions truly in parallel; PGlite runs the same test serialised.
 *
 * @backends every (run on PostgreSQL in `npm test` too, vitest.config.ts): both approvals run truly in parallel on
 * PostgreSQL only.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentApprovals, documentEvents } from '@/server/db/schema';
import { ServiceError } from '@/server/errors';
import { getFreightDocument } from '@/server/services/freight-documents/get-freight-document';
import { verifyCommitChain } from '@/server/services/document/verify-commit-chain';
import { submitCounterpartyApproval } from '@/server/services/transfers/submit-counterparty-approval';
import { submitMyApproval } from '@/server/services/transfers/submit-my-approval';
import { databaseKinds, openTestDatabase, type TestDatabase } from './harness';
import { as, createPeople, heads, issuedChain, type People } from './transfers-support';

describe.each(databaseKinds())('concurrent approvals of one transfer (%s)', (kind) => {
  let database: TestDatabase;
  let people: People;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    people = await createPeople(database);
  }, 180_000);
  afterAll(async () => database?.dispose());

  const outcome = (promise: Promise<unknown>) =>
    promise.then(
      () => 'ok',
      (error: unknown) => {
        if (error instanceof ServiceError) return error.code;
        throw error;
      },
    );
  const statusEvents = async (id: string) =>
    (await database.handle.db.select().from(documentEvents).where(eq(documentEvents.documentId, id))).map((event) => event.status).sort();

  it('carrier and consignor approving the collection at once move the document to TRANSIT exactly once', async () => {
    for (let round = 0; round < 10; round += 1) {
      const id = await issuedChain(database, people, { subsequentCarriers: undefined });
      const seen = await heads(database, people, id);
      const results = await Promise.all([
        outcome(
          submitMyApproval({
            ctx: as(database, people, 'carrier'),
            input: { freightDocumentId: id, body: { action: 'COLLECTION', ownRole: 'CARRIER', previousCommits: seen } },
          }),
        ),
        outcome(
          submitMyApproval({
            ctx: as(database, people, 'consignor'),
            input: { freightDocumentId: id, body: { action: 'COLLECTION', ownRole: 'CONSIGNOR', previousCommits: seen } },
          }),
        ),
      ]);
      expect(results).toEqual(['ok', 'ok']);
      const document = await getFreightDocument({ ctx: as(database, people, 'submitter'), input: { freightDocumentId: id } });
      expect(document.status).toBe('TRANSIT');
      expect(await statusEvents(id)).toEqual(['ISSUED', 'TRANSIT']);
      // Both approvals name the head they saw; the document has both commits as heads until the next change.
      expect(document.approvals!.map((approval) => approval.previousCommits)).toEqual([seen, seen]);
      expect(document.previousCommits).toHaveLength(2);
      expect(await verifyCommitChain(database.handle.db, id)).toMatchObject({ intact: true });
    }
  });

  it('the counter party approving on its own account while the carrier records it for it: one wins, the status moves once', async () => {
    for (let round = 0; round < 10; round += 1) {
      const id = await issuedChain(database, people, { subsequentCarriers: undefined, status: 'ISSUED' });
      const seen = await heads(database, people, id);
      const results = await Promise.all([
        outcome(
          submitMyApproval({
            ctx: as(database, people, 'carrier'),
            input: { freightDocumentId: id, body: { action: 'COLLECTION', ownRole: 'CARRIER', previousCommits: seen } },
          }),
        ),
        outcome(
          submitMyApproval({
            ctx: as(database, people, 'consignor'),
            input: { freightDocumentId: id, body: { action: 'COLLECTION', ownRole: 'CONSIGNOR', previousCommits: seen } },
          }),
        ),
        outcome(
          submitCounterpartyApproval({
            ctx: as(database, people, 'carrier'),
            input: { freightDocumentId: id, body: { action: 'COLLECTION', previousCommits: seen } },
          }),
        ),
      ]);
      expect(results[0]).toBe('ok');
      expect(results.slice(1).sort()).toEqual(['4.18', 'ok']);
      expect(await statusEvents(id)).toEqual(['ISSUED', 'TRANSIT']);
      const counterParty = await database.handle.db
        .select()
        .from(documentApprovals)
        .where(and(eq(documentApprovals.documentId, id), eq(documentApprovals.side, 'COUNTER_PARTY')));
      expect(counterParty).toHaveLength(1);
    }
  });
});
