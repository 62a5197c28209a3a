/**
 * Delegation through its services (issue 10, spec §1, contract §11): per document and account-wide, along chains
 * of both kinds, and revocation that ends everything delegated further, also where an account-wide chain breaks
 * above a per-document delegation. The access resolver sees every step: load, list and rights agree.
 *
 * @backends every (run on PostgreSQL in `npm test` too, vitest.config.ts): delegation chains are recursive SQL.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { delegations, mailOutbox } from '@/server/db/schema';
import { ServiceError } from '@/server/errors';
import type { ServiceContext } from '@/server/services/context';
import { loadAccessibleDocument } from '@/server/services/document/load-document';
import { delegateAccountRole } from '@/server/services/delegations/delegate-account-role';
import { delegateDocumentRole } from '@/server/services/delegations/delegate-document-role';
import { listAccountDelegations } from '@/server/services/delegations/list-account-delegations';
import { listDocumentDelegates } from '@/server/services/delegations/list-document-delegates';
import { revokeAccountDelegation } from '@/server/services/delegations/revoke-account-delegation';
import { revokeDocumentDelegation } from '@/server/services/delegations/revoke-document-delegation';
import { createFreightDocument } from '@/server/services/freight-documents/create-freight-document';
import { getFreightDocument } from '@/server/services/freight-documents/get-freight-document';
import { listFreightDocuments } from '@/server/services/freight-documents/list-freight-documents';
import { activeAccount, databaseKinds, openTestDatabase, serviceContext, type TestDatabase } from './harness';

const PEOPLE = ['submitter', 'carrier', 'fleet', 'subcontractor', 'driver', 'outsider'] as const;
type Who = (typeof PEOPLE)[number];
type Person = Awaited<ReturnType<typeof activeAccount>>;

/** The code a call fails with (and the field of its first error), or 'ok'. */
async function outcome(call: Promise<unknown>): Promise<string> {
  try {
    await call;
    return 'ok';
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    const field = error.items[0]!.field;
    return field ? `${error.code} ${field}` : error.code;
  }
}

describe.each(databaseKinds())('delegation (%s)', (kind) => {
  let database: TestDatabase;
  const people = {} as Record<Who, Person>;
  const as = (who: Who): ServiceContext => serviceContext(database.handle, {}, people[who].accountId);
  let documentId: string;
  let otherDocumentId: string;

  const sees = async (who: Who, id: string) => {
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
    expect(listed).toBe(loaded);
    return loaded;
  };
  const seeing = async (id: string) => {
    const out: Who[] = [];
    for (const who of PEOPLE) if (await sees(who, id)) out.push(who);
    return out;
  };
  const onDocument = (from: Who, to: Who, id = documentId, role = 'CARRIER' as const) =>
    delegateDocumentRole({ ctx: as(from), input: { freightDocumentId: id, role, accountNumberOfDelegatee: people[to].accountNumber } });
  const accountWide = (from: Who, to: Who, role = 'CARRIER' as const) =>
    delegateAccountRole({ ctx: as(from), input: { role, emailAddressOfDelegatee: people[to].email } });
  const row = async (id: string) => (await database.handle.db.select().from(delegations).where(eq(delegations.id, id)))[0]!;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const base = serviceContext(database.handle);
    for (const who of PEOPLE) people[who] = await activeAccount(base, who);
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
  }, 120_000);
  afterAll(async () => database?.dispose());

  it('a per-document chain: each delegate holds every right of the role and delegates further; revoking the first link ends the rest', async () => {
    const { delegateId: toFleet } = await onDocument('carrier', 'fleet');
    expect(await seeing(documentId)).toEqual(['submitter', 'carrier', 'fleet']);
    const asFleet = await getFreightDocument({ ctx: as('fleet'), input: { freightDocumentId: documentId } });
    expect(asFleet.ownPermissions).toEqual([{ role: 'CARRIER', roleId: asFleet.carrier!.roleId, permissions: ['VIEW', 'DELEGATE'] }]);
    expect(asFleet.allowedActions).toContain('DELEGATE');

    const { delegateId: toSubcontractor } = await onDocument('fleet', 'subcontractor');
    expect((await row(toSubcontractor)).parentId).toBe(toFleet);
    expect(await seeing(documentId)).toEqual(['submitter', 'carrier', 'fleet', 'subcontractor']);
    // Each grantor sees its own delegates; the holder keeps all its rights.
    const asCarrier = await getFreightDocument({ ctx: as('carrier'), input: { freightDocumentId: documentId } });
    expect(asCarrier.ownDelegates).toEqual([
      { delegateId: toFleet, role: 'CARRIER', roleId: asCarrier.carrier!.roleId, delegateAccountId: people.fleet.accountId },
    ]);
    expect((await getFreightDocument({ ctx: as('fleet'), input: { freightDocumentId: documentId } })).ownDelegates.map((d) => d.delegateId)).toEqual([
      toSubcontractor,
    ]);
    const panel = await listDocumentDelegates({ ctx: as('carrier'), input: { freightDocumentId: documentId } });
    expect(panel.delegates).toEqual([
      expect.objectContaining({ delegateId: toFleet, scope: 'DOCUMENT', delegateAccountNumber: people.fleet.accountNumber, delegateName: 'fleet' }),
    ]);

    // The delegatee is told by e-mail, queued with the delegation.
    const mails = await database.handle.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, people.subcontractor.email));
    expect(mails.map((mail) => mail.subject).filter((subject) => !/activate/i.test(subject))).toEqual([expect.stringMatching(/you act as carrier/)]);

    await revokeDocumentDelegation({ ctx: as('carrier'), input: { freightDocumentId: documentId, delegateId: toFleet } });
    expect((await row(toSubcontractor)).revokedAt).not.toBeNull();
    expect(await seeing(documentId)).toEqual(['submitter', 'carrier']);
  });

  it('refuses with the contract codes', async () => {
    const carrierRoleId = (await getFreightDocument({ ctx: as('carrier'), input: { freightDocumentId: documentId } })).carrier!.roleId;
    expect(await outcome(onDocument('outsider', 'driver'))).toBe('4.47');
    // The submitter holds SUBMITTER, not CARRIER: no DELEGATE right for that role.
    expect(await outcome(onDocument('submitter', 'driver'))).toBe('1.4');
    expect(
      await outcome(
        delegateDocumentRole({ ctx: as('carrier'), input: { freightDocumentId: documentId, role: 'CARRIER', roleId: 'other', accountNumberOfDelegatee: '1' } }),
      ),
    ).toBe('1.4');
    expect(
      await outcome(
        delegateDocumentRole({ ctx: as('carrier'), input: { freightDocumentId: documentId, role: 'CARRIER', accountNumberOfDelegatee: '99999999' } }),
      ),
    ).toBe('4.40 accountNumberOfDelegatee');
    expect(
      await outcome(
        delegateDocumentRole({ ctx: as('carrier'), input: { freightDocumentId: documentId, role: 'CARRIER', emailAddressOfDelegatee: 'nobody@example.test' } }),
      ),
    ).toBe('4.40 emailAddressOfDelegatee');
    expect(await outcome(onDocument('carrier', 'carrier'))).toBe('3.36');
    const { delegateId } = await onDocument('carrier', 'driver');
    expect(await outcome(onDocument('carrier', 'driver'))).toBe('3.36');
    expect(await outcome(onDocument('driver', 'carrier'))).toBe('3.36');
    expect(await outcome(delegateDocumentRole({ ctx: as('carrier'), input: { freightDocumentId: documentId, role: 'CARRIER' } }))).toBe(
      '3.1 emailAddressOfDelegatee',
    );
    expect(
      await outcome(
        delegateDocumentRole({
          ctx: as('carrier'),
          input: {
            freightDocumentId: documentId,
            role: 'CARRIER',
            emailAddressOfDelegatee: people.fleet.email,
            accountNumberOfDelegatee: people.fleet.accountNumber,
          },
        }),
      ),
    ).toBe('3.16 accountNumberOfDelegatee');

    // Revoking: only the grantor's own active delegation on this document.
    expect(await outcome(revokeDocumentDelegation({ ctx: as('driver'), input: { freightDocumentId: documentId, delegateId } }))).toBe('4.42');
    expect(await outcome(revokeDocumentDelegation({ ctx: as('carrier'), input: { freightDocumentId: otherDocumentId, delegateId } }))).toBe('4.42');
    expect(await outcome(revokeDocumentDelegation({ ctx: as('carrier'), input: { freightDocumentId: documentId, delegateId: 'no-such-id' } }))).toBe('4.42');
    expect(await outcome(revokeDocumentDelegation({ ctx: as('outsider'), input: { freightDocumentId: documentId, delegateId } }))).toBe('4.47');
    expect(await outcome(revokeDocumentDelegation({ ctx: as('carrier'), input: { freightDocumentId: documentId, delegateId } }))).toBe('ok');
    expect(await outcome(revokeDocumentDelegation({ ctx: as('carrier'), input: { freightDocumentId: documentId, delegateId } }))).toBe('4.42');
    expect(carrierRoleId).toBeTruthy();
  });

  it('account-wide: every document of the role, further along a chain; 3.37, 3.38, 4.7 and 4.42; revoking ends the chain and what was delegated per document from it', async () => {
    const { delegateId: toFleet } = await accountWide('carrier', 'fleet');
    expect(await outcome(accountWide('carrier', 'fleet'))).toBe('3.38');
    expect(await outcome(accountWide('carrier', 'carrier'))).toBe('4.7');
    expect(await outcome(onDocument('carrier', 'fleet'))).toBe('3.38');
    const { delegateId: fleetToDriver } = await accountWide('fleet', 'driver');
    const { delegateId: fleetToSubcontractor } = await onDocument('fleet', 'subcontractor', otherDocumentId);
    expect((await row(fleetToSubcontractor)).parentId).toBe(toFleet);
    for (const id of [documentId, otherDocumentId]) expect(await seeing(id)).toEqual(expect.arrayContaining(['fleet', 'driver']));
    expect(await seeing(otherDocumentId)).toContain('subcontractor');

    // The account-wide delegation shows on every document of the role, without a roleId; it is revoked on the account.
    const asCarrier = await getFreightDocument({ ctx: as('carrier'), input: { freightDocumentId: documentId } });
    expect(asCarrier.ownDelegates).toContainEqual({ delegateId: toFleet, role: 'CARRIER', roleId: null, delegateAccountId: people.fleet.accountId });
    expect(await outcome(revokeDocumentDelegation({ ctx: as('carrier'), input: { freightDocumentId: documentId, delegateId: toFleet } }))).toBe('3.37');
    expect((await listAccountDelegations({ ctx: as('carrier') })).delegates).toEqual([
      expect.objectContaining({
        delegateId: toFleet,
        role: 'CARRIER',
        roleId: null,
        freightDocumentId: null,
        delegateAccountNumber: people.fleet.accountNumber,
      }),
    ]);
    expect(await outcome(revokeAccountDelegation({ ctx: as('fleet'), input: { delegateId: toFleet } }))).toBe('4.42');
    expect(await outcome(revokeAccountDelegation({ ctx: as('fleet'), input: { delegateId: fleetToSubcontractor } }))).toBe('4.42');

    await revokeAccountDelegation({ ctx: as('carrier'), input: { delegateId: toFleet } });
    expect((await row(fleetToSubcontractor)).revokedAt).not.toBeNull();
    // The fleet's own account-wide delegation stays (it covers the fleet's own documents) but reaches nothing here.
    expect((await row(fleetToDriver)).revokedAt).toBeNull();
    for (const id of [documentId, otherDocumentId]) expect(await seeing(id)).toEqual(['submitter', 'carrier']);
    expect(await outcome(revokeAccountDelegation({ ctx: as('carrier'), input: { delegateId: toFleet } }))).toBe('4.42');
    await revokeAccountDelegation({ ctx: as('fleet'), input: { delegateId: fleetToDriver } });
  });

  it('a per-document delegation made through an account-wide chain ends when any link above it ends', async () => {
    const { delegateId: toFleet } = await accountWide('carrier', 'fleet');
    const { delegateId: fleetToSubcontractor } = await accountWide('fleet', 'subcontractor');
    // The subcontractor holds CARRIER through fleet → subcontractor, and hands it to the driver on one document.
    const { delegateId: toDriver } = await onDocument('subcontractor', 'driver');
    expect((await row(toDriver)).parentId).toBe(fleetToSubcontractor);
    expect(await seeing(documentId)).toEqual(['submitter', 'carrier', 'fleet', 'subcontractor', 'driver']);

    await revokeAccountDelegation({ ctx: as('carrier'), input: { delegateId: toFleet } });
    expect((await row(toDriver)).revokedAt).not.toBeNull();
    expect(await seeing(documentId)).toEqual(['submitter', 'carrier']);
    await revokeAccountDelegation({ ctx: as('fleet'), input: { delegateId: fleetToSubcontractor } });
  });

  it('a role held more than once on a document (subsequent carriers) is named by roleId', async () => {
    const id = (
      await createFreightDocument({
        ctx: as('submitter'),
        input: {
          type: 'WAYBILL',
          consignor: { name: 'Acme' },
          consignee: { name: 'Beta' },
          placeOfTakingOver: { name: 'Dock', countryCode: 'NLD' },
          subsequentCarriers: [
            { name: 'Leg 2', submittedAccountNumber: people.carrier.accountNumber },
            { name: 'Leg 3', submittedAccountNumber: people.carrier.accountNumber },
          ],
          goods: 'Pallets',
        },
      })
    ).freightDocumentId;
    const legs = (await getFreightDocument({ ctx: as('carrier'), input: { freightDocumentId: id } })).subsequentCarriers.map((party) => party.roleId);
    const byNumber = { role: 'SUBSEQUENT_CARRIER' as const, accountNumberOfDelegatee: people.driver.accountNumber };
    expect(await outcome(delegateDocumentRole({ ctx: as('carrier'), input: { freightDocumentId: id, ...byNumber } }))).toBe('3.1 roleId');
    await delegateDocumentRole({ ctx: as('carrier'), input: { freightDocumentId: id, ...byNumber, roleId: legs[1] } });
    const asDriver = await getFreightDocument({ ctx: as('driver'), input: { freightDocumentId: id } });
    expect(asDriver.ownPermissions).toEqual([{ role: 'SUBSEQUENT_CARRIER', roleId: legs[1], permissions: ['VIEW', 'DELEGATE'] }]);
  });

  it('two delegations of one role to one account at once: exactly one is made', async () => {
    const results = await Promise.all([0, 1, 2, 3].map(() => outcome(onDocument('carrier', 'outsider', otherDocumentId))));
    expect(results.sort()).toEqual(['3.36', '3.36', '3.36', 'ok']);
    const active = await database.handle.db
      .select()
      .from(delegations)
      .where(and(eq(delegations.documentId, otherDocumentId), eq(delegations.delegateAccountId, people.outsider.accountId)));
    expect(active.filter((delegation) => delegation.revokedAt === null)).toHaveLength(1);
    const accountResults = await Promise.all([0, 1, 2, 3].map(() => outcome(accountWide('submitter', 'outsider'))));
    expect(accountResults.sort()).toEqual(['3.38', '3.38', '3.38', 'ok']);
  });
});
