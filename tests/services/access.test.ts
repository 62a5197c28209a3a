/**
 * The one access resolver (issue 6): roles held directly, per document by delegation, and account-wide along a
 * chain; the document load and the list agree on who sees what; rights, allowedActions and the actor of a
 * delegate's change follow. Delegations are written directly here: their endpoints come with issue 10.
 *
 * @backends every (run on PostgreSQL in `npm test` too, vitest.config.ts): the resolver's SQL (roles, delegation
 * chains, the list's visibility) runs again on PostgreSQL.
 */
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { delegations, documentCommits } from '@/server/db/schema';
import { ServiceError } from '@/server/errors';
import { newId } from '@/server/crypto/tokens';
import type { ServiceContext } from '@/server/services/context';
import { loadAccessibleDocument } from '@/server/services/document/load-document';
import { createFreightDocument } from '@/server/services/freight-documents/create-freight-document';
import { getFreightDocument } from '@/server/services/freight-documents/get-freight-document';
import { issueFreightDocument } from '@/server/services/freight-documents/issue-freight-document';
import { listFreightDocuments } from '@/server/services/freight-documents/list-freight-documents';
import { updateEstimatedTimes } from '@/server/services/freight-documents/update-estimated-times';
import { activeAccount, databaseKinds, openTestDatabase, serviceContext, type TestDatabase } from './harness';

type Person = Awaited<ReturnType<typeof activeAccount>>;

describe.each(databaseKinds())('access through roles and delegations (%s)', (kind) => {
  let database: TestDatabase;
  const people: Record<'submitter' | 'carrier' | 'fleet' | 'subcontractor' | 'driver' | 'outsider', Person> = {} as never;
  const as = (who: keyof typeof people): ServiceContext => serviceContext(database.handle, {}, people[who].accountId);
  let documentId: string;
  let otherDocumentId: string;
  let carrierRoleId: string;

  const delegate = async (input: { from: keyof typeof people; to: keyof typeof people; documentId?: string; roleId?: string; parentId?: string }) => {
    const id = newId();
    await database.handle.db.insert(delegations).values({
      id,
      documentId: input.documentId ?? null,
      roleId: input.roleId ?? null,
      role: 'CARRIER',
      grantorAccountId: people[input.from].accountId,
      delegateAccountId: people[input.to].accountId,
      parentId: input.parentId ?? null,
    });
    return id;
  };
  const sees = async (who: keyof typeof people, id: string) => {
    const loaded = await loadAccessibleDocument(database.handle.db, people[who].accountId, id).then(
      () => true,
      (error: unknown) => {
        if (error instanceof ServiceError && error.code === '4.47') return false;
        throw error;
      },
    );
    const listed = (await listFreightDocuments({ ctx: as(who), input: { query: [['limit', '100']] } })).freightDocuments.some(
      (document) => document.freightDocumentId === id,
    );
    // The load and the list apply one rule: they never disagree.
    expect(listed).toBe(loaded);
    return loaded;
  };

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const base = serviceContext(database.handle);
    for (const who of Object.keys({ submitter: 0, carrier: 0, fleet: 0, subcontractor: 0, driver: 0, outsider: 0 }) as (keyof typeof people)[]) {
      people[who] = await activeAccount(base, who);
    }
    const body = (consignee: string) => ({
      type: 'WAYBILL',
      consignor: { name: 'Acme' },
      consignee: { name: consignee },
      carrier: { name: 'Fast Trucks', submittedAccountNumber: people.carrier.accountNumber },
      placeOfTakingOver: { name: 'Dock', countryCode: 'NLD' },
      goods: 'Pallets',
    });
    documentId = (await createFreightDocument({ ctx: as('submitter'), input: body('Beta') })).freightDocumentId;
    otherDocumentId = (await createFreightDocument({ ctx: as('submitter'), input: body('Gamma') })).freightDocumentId;
    carrierRoleId = (await getFreightDocument({ ctx: as('carrier'), input: { freightDocumentId: documentId } })).carrier!.roleId;
  }, 120_000);
  afterAll(async () => database?.dispose());

  it('gives the holders their roles and nobody else any', async () => {
    expect(await sees('submitter', documentId)).toBe(true);
    expect(await sees('carrier', documentId)).toBe(true);
    for (const who of ['fleet', 'subcontractor', 'driver', 'outsider'] as const) expect(await sees(who, documentId)).toBe(false);
  });

  it('a per-document delegate holds the role on that document only, with every default right', async () => {
    const id = await delegate({ from: 'carrier', to: 'driver', documentId, roleId: carrierRoleId });
    expect(await sees('driver', documentId)).toBe(true);
    expect(await sees('driver', otherDocumentId)).toBe(false);
    const seen = await getFreightDocument({ ctx: as('driver'), input: { freightDocumentId: documentId } });
    expect(seen.ownPermissions).toEqual([{ role: 'CARRIER', roleId: carrierRoleId, permissions: ['VIEW', 'DELEGATE'] }]);
    expect(seen.allowedActions).toEqual(['EDIT_ESTIMATED_TIMES', 'DELEGATE', 'SUBSCRIBE']);
    const byCarrier = await getFreightDocument({ ctx: as('carrier'), input: { freightDocumentId: documentId } });
    expect(byCarrier.ownDelegates).toEqual([{ delegateId: id, role: 'CARRIER', roleId: carrierRoleId, delegateAccountId: people.driver.accountId }]);
    await database.handle.db.update(delegations).set({ revokedAt: new Date() }).where(eq(delegations.id, id));
    expect(await sees('driver', documentId)).toBe(false);
  });

  it('an account-wide delegation reaches every document of the role, along a chain, until a link is revoked', async () => {
    const toFleet = await delegate({ from: 'carrier', to: 'fleet' });
    const toSubcontractor = await delegate({ from: 'fleet', to: 'subcontractor', parentId: toFleet });
    for (const id of [documentId, otherDocumentId]) {
      expect(await sees('fleet', id)).toBe(true);
      expect(await sees('subcontractor', id)).toBe(true);
    }
    // A delegate's change is booked on its own account and records the delegation it acted through.
    const heads = (await getFreightDocument({ ctx: as('subcontractor'), input: { freightDocumentId: documentId } })).previousCommits;
    await updateEstimatedTimes({
      ctx: as('subcontractor'),
      input: { freightDocumentId: documentId, body: { estimatedDateTimeOfDelivery: '2026-12-24T10:00:00Z', previousCommits: heads } },
    });
    const [latest] = await database.handle.db
      .select()
      .from(documentCommits)
      .where(eq(documentCommits.documentId, documentId))
      .orderBy(asc(documentCommits.sequence))
      .then((rows) => rows.slice(-1));
    expect(latest).toMatchObject({
      accountId: people.subcontractor.accountId,
      actor: { kind: 'DELEGATE', accountId: people.subcontractor.accountId, role: 'CARRIER', delegationId: toSubcontractor },
    });

    // Ending the first link ends what was delegated further along it.
    await database.handle.db.update(delegations).set({ revokedAt: new Date() }).where(eq(delegations.id, toFleet));
    for (const id of [documentId, otherDocumentId]) {
      expect(await sees('fleet', id)).toBe(false);
      expect(await sees('subcontractor', id)).toBe(false);
    }
    expect(await sees('carrier', documentId)).toBe(true);
  });

  it('a delegated role gives the rights of that role only', async () => {
    // The submitter delegates CARRIER? It does not hold it: the delegation reaches nothing.
    await database.handle.db.insert(delegations).values({
      id: newId(),
      role: 'CARRIER',
      grantorAccountId: people.submitter.accountId,
      delegateAccountId: people.outsider.accountId,
    });
    expect(await sees('outsider', documentId)).toBe(false);
    // A submitter's delegate may issue, with the delegation recorded as the actor.
    const toOutsider = newId();
    await database.handle.db.insert(delegations).values({
      id: toOutsider,
      role: 'SUBMITTER',
      grantorAccountId: people.submitter.accountId,
      delegateAccountId: people.outsider.accountId,
    });
    const seen = await getFreightDocument({ ctx: as('outsider'), input: { freightDocumentId: otherDocumentId } });
    expect(seen.allowedActions).toEqual(expect.arrayContaining(['UPDATE', 'ISSUE', 'CANCEL', 'ADD_ATTACHMENT']));
    await issueFreightDocument({ ctx: as('outsider'), input: { freightDocumentId: otherDocumentId } });
    const [latest] = await database.handle.db
      .select()
      .from(documentCommits)
      .where(eq(documentCommits.documentId, otherDocumentId))
      .orderBy(asc(documentCommits.sequence))
      .then((rows) => rows.slice(-1));
    expect(latest!.actor).toEqual({ kind: 'DELEGATE', accountId: people.outsider.accountId, role: 'SUBMITTER', delegationId: toOutsider });
  });
});
