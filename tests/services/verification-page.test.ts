/**
 * The public verification page (contract §9, issue 20 part 5): a draft has none (4.47, the page's 404), an issued
 * document shows its summary, and a cancelled one only its service number and status; no visit of a draft is recorded.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentAccesses, freightDocuments } from '@/server/db/schema';
import { ServiceError } from '@/server/errors';
import { cancelFreightDocument } from '@/server/services/freight-documents/cancel-freight-document';
import { issueFreightDocument } from '@/server/services/freight-documents/issue-freight-document';
import { verifyDocument } from '@/server/services/verification/verify-document';
import { databaseKinds, openTestDatabase, serviceContext, type TestDatabase } from './harness';
import { as, createPeople, issuedChain, type People } from './transfers-support';

describe.each(databaseKinds())('verification page (%s)', (kind) => {
  let database: TestDatabase;
  let people: People;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    people = await createPeople(database);
  }, 180_000);
  afterAll(async () => database?.dispose());

  const tokenOf = async (id: string) =>
    (await database.handle.db.select({ token: freightDocuments.verificationToken }).from(freightDocuments).where(eq(freightDocuments.id, id)))[0]!.token;
  const visit = (token: string, visitor = '198.51.100.1', at?: Date) =>
    verifyDocument({ ctx: { ...serviceContext(database.handle), ...(at ? { now: () => at } : {}) }, input: { token, visitor } });
  const visits = async (id: string) => (await database.handle.db.select().from(documentAccesses).where(eq(documentAccesses.documentId, id))).length;

  it('a draft answers 4.47 and records nothing; once issued it shows its parties', async () => {
    const id = await issuedChain(database, people, { status: 'DRAFT' });
    const token = await tokenOf(id);
    await expect(visit(token)).rejects.toSatisfy((error) => error instanceof ServiceError && error.code === '4.47');
    expect(await visits(id)).toBe(0);
    await issueFreightDocument({ ctx: as(database, people, 'submitter'), input: { freightDocumentId: id } });
    const view = await visit(token);
    expect(view.status).toBe('ISSUED');
    expect(view.parties.map((party) => party.name)).toContain('Acme');
  });

  it('a cancelled document (a draft cancelled) shows only its service number and CANCELLED', async () => {
    const id = await issuedChain(database, people, { status: 'DRAFT' });
    const token = await tokenOf(id);
    await cancelFreightDocument({ ctx: as(database, people, 'submitter'), input: { freightDocumentId: id } });
    const view = await visit(token);
    expect(view).toMatchObject({ status: 'CANCELLED', parties: [], places: [], approvals: [] });
    expect(view.serviceNumber).toMatch(/^\d{12}$/);
  });

  it('visits are one access per visitor and hour, counted: one visitor cannot push the others out', async () => {
    const id = await issuedChain(database, people);
    const token = await tokenOf(id);
    const hour = new Date('2026-11-26T10:05:00Z');
    for (let visit_ = 0; visit_ < 30; visit_ += 1) await visit(token, '203.0.113.9', hour);
    await visit(token, '203.0.113.10', hour);
    await visit(token, '203.0.113.9', new Date('2026-11-26T11:01:00Z'));
    const rows = await database.handle.db.select().from(documentAccesses).where(eq(documentAccesses.documentId, id));
    expect(rows.map((row) => row.visits).sort((a, b) => a - b)).toEqual([1, 1, 30]);
    // No address is kept, only a keyed hash with the hour.
    expect(JSON.stringify(rows)).not.toContain('203.0.113');
  });
});
