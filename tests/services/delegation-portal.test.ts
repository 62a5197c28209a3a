/**
 * The services behind the portal's delegation and webhook screens (issue 10 part 4), on PGlite and PostgreSQL:
 * the revocation preview says exactly what the revocation then ends and writes nothing; the list of the caller's
 * subscriptions to single documents keeps to the documents it may see; the delivery log tells when a pending
 * delivery is tried next.
 */
import { eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { delegations, jobs } from '@/server/db/schema';
import { ServiceError } from '@/server/errors';
import type { ServiceContext } from '@/server/services/context';
import { delegateAccountRole } from '@/server/services/delegations/delegate-account-role';
import { delegateDocumentRole } from '@/server/services/delegations/delegate-document-role';
import { previewRevocation } from '@/server/services/delegations/preview-revocation';
import { revokeAccountDelegation } from '@/server/services/delegations/revoke-account-delegation';
import { revokeDocumentDelegation } from '@/server/services/delegations/revoke-document-delegation';
import { createFreightDocument } from '@/server/services/freight-documents/create-freight-document';
import { createSubscription } from '@/server/services/subscriptions/create-subscription';
import { listDeliveries } from '@/server/services/subscriptions/list-deliveries';
import { listDocumentSubscriptions } from '@/server/services/subscriptions/list-document-subscriptions';
import { sendTestEvent } from '@/server/services/subscriptions/send-test-event';
import { activeAccount, databaseKinds, openTestDatabase, serviceContext, type TestDatabase } from './harness';

const PEOPLE = ['submitter', 'carrier', 'fleet', 'subcontractor', 'driver', 'outsider'] as const;
type Who = (typeof PEOPLE)[number];

async function codeOf(call: Promise<unknown>): Promise<string> {
  try {
    await call;
    return 'ok';
  } catch (error) {
    if (error instanceof ServiceError) return error.code;
    throw error;
  }
}

describe.each(databaseKinds())('portal delegation and webhook services (%s)', (kind) => {
  let database: TestDatabase;
  const people = {} as Record<Who, Awaited<ReturnType<typeof activeAccount>>>;
  const as = (who: Who): ServiceContext => serviceContext(database.handle, { WEBHOOK_ALLOW_PRIVATE_NETWORKS: true }, people[who].accountId);
  const newDocument = async () =>
    (
      await createFreightDocument({
        ctx: as('submitter'),
        input: {
          type: 'WAYBILL',
          consignor: { name: 'Acme' },
          consignee: { name: 'Beta' },
          carrier: { name: 'Fast Trucks', submittedAccountNumber: people.carrier.accountNumber },
          placeOfTakingOver: { name: 'Dock', countryCode: 'NLD' },
          goods: 'Pallets',
        },
      })
    ).freightDocumentId;
  const onDocument = (from: Who, to: Who, freightDocumentId: string) =>
    delegateDocumentRole({ ctx: as(from), input: { freightDocumentId, role: 'CARRIER', accountNumberOfDelegatee: people[to].accountNumber } });
  const activeIds = async () =>
    (await database.handle.db.select({ id: delegations.id }).from(delegations).where(isNull(delegations.revokedAt))).map((row) => row.id).sort();

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const base = serviceContext(database.handle);
    for (const who of PEOPLE) people[who] = await activeAccount(base, who);
  }, 120_000);
  afterAll(async () => database?.dispose());

  it('the preview of a per-document revocation lists the chain below it, changes nothing, and agrees with the revocation', async () => {
    const documentId = await newDocument();
    const { delegateId: toFleet } = await onDocument('carrier', 'fleet', documentId);
    const { delegateId: toSubcontractor } = await onDocument('fleet', 'subcontractor', documentId);
    const { delegateId: toDriver } = await onDocument('subcontractor', 'driver', documentId);
    const before = await activeIds();

    const preview = await previewRevocation({ ctx: as('carrier'), input: { delegateId: toFleet } });
    expect(preview.alsoEnds.map((entry) => entry.delegateId).sort()).toEqual([toSubcontractor, toDriver].sort());
    expect(preview.alsoEnds.find((entry) => entry.delegateId === toDriver)).toEqual(
      expect.objectContaining({
        role: 'CARRIER',
        freightDocumentId: documentId,
        serviceNumber: expect.any(String),
        delegateName: 'driver',
        delegateAccountNumber: people.driver.accountNumber,
        grantorName: 'subcontractor',
      }),
    );
    expect(await activeIds()).toEqual(before);
    // Lower in the chain, less ends; at its end, nothing else.
    expect((await previewRevocation({ ctx: as('fleet'), input: { delegateId: toSubcontractor } })).alsoEnds.map((entry) => entry.delegateId)).toEqual([
      toDriver,
    ]);
    expect((await previewRevocation({ ctx: as('subcontractor'), input: { delegateId: toDriver } })).alsoEnds).toEqual([]);

    await revokeDocumentDelegation({ ctx: as('carrier'), input: { freightDocumentId: documentId, delegateId: toFleet } });
    const after = await activeIds();
    expect(before.filter((id) => !after.includes(id)).sort()).toEqual([toFleet, ...preview.alsoEnds.map((entry) => entry.delegateId)].sort());
  });

  it('the preview of an account-wide revocation includes the per-document delegations it leaves without support', async () => {
    const documentId = await newDocument();
    const { delegateId: toFleet } = await delegateAccountRole({
      ctx: as('carrier'),
      input: { role: 'CARRIER', accountNumberOfDelegatee: people.fleet.accountNumber },
    });
    const { delegateId: toSubcontractor } = await delegateAccountRole({
      ctx: as('fleet'),
      input: { role: 'CARRIER', accountNumberOfDelegatee: people.subcontractor.accountNumber },
    });
    const { delegateId: toDriver } = await onDocument('subcontractor', 'driver', documentId);

    const preview = await previewRevocation({ ctx: as('carrier'), input: { delegateId: toFleet } });
    // fleet → subcontractor stays (it covers the fleet's own documents); the driver's delegation loses its support.
    expect(preview.alsoEnds.map((entry) => entry.delegateId)).toEqual([toDriver]);
    expect(preview.alsoEnds[0]).toEqual(expect.objectContaining({ freightDocumentId: documentId, grantorName: 'subcontractor' }));
    const before = await activeIds();
    await revokeAccountDelegation({ ctx: as('carrier'), input: { delegateId: toFleet } });
    const after = await activeIds();
    expect(before.filter((id) => !after.includes(id)).sort()).toEqual([toFleet, toDriver].sort());
    expect(after).toContain(toSubcontractor);
  });

  it('refuses a delegation that is not the caller’s active one with 4.42', async () => {
    const documentId = await newDocument();
    const { delegateId } = await onDocument('carrier', 'fleet', documentId);
    expect(await codeOf(previewRevocation({ ctx: as('outsider'), input: { delegateId } }))).toBe('4.42');
    expect(await codeOf(previewRevocation({ ctx: as('fleet'), input: { delegateId } }))).toBe('4.42');
    expect(await codeOf(previewRevocation({ ctx: as('carrier'), input: { delegateId: 'no-such-delegation' } }))).toBe('4.42');
    await revokeDocumentDelegation({ ctx: as('carrier'), input: { freightDocumentId: documentId, delegateId } });
    expect(await codeOf(previewRevocation({ ctx: as('carrier'), input: { delegateId } }))).toBe('4.42');
  });

  it('lists the caller’s subscriptions to single documents it may see, with their service numbers', async () => {
    const first = await newDocument();
    const second = await newDocument();
    const one = await createSubscription({ ctx: as('carrier'), input: { freightDocumentId: first, callbackUrl: 'http://127.0.0.1:9/first' } });
    const { delegateId } = await onDocument('carrier', 'driver', second);
    const delegated = await createSubscription({ ctx: as('driver'), input: { freightDocumentId: second, callbackUrl: 'http://127.0.0.1:9/second' } });
    await createSubscription({ ctx: as('carrier'), input: { freightDocumentId: null, callbackUrl: 'http://127.0.0.1:9/all' } });

    const carriers = await listDocumentSubscriptions({ ctx: as('carrier') });
    expect(carriers.subscriptions).toEqual([
      expect.objectContaining({
        subscriptionId: one.subscriptionId,
        freightDocumentId: first,
        serviceNumber: expect.any(String),
        callbackUrl: 'http://127.0.0.1:9/first',
      }),
    ]);
    expect((await listDocumentSubscriptions({ ctx: as('driver') })).subscriptions.map((entry) => entry.subscriptionId)).toEqual([delegated.subscriptionId]);
    // A delegate that loses the role no longer finds the subscription it made as one.
    await revokeDocumentDelegation({ ctx: as('carrier'), input: { freightDocumentId: second, delegateId } });
    expect((await listDocumentSubscriptions({ ctx: as('driver') })).subscriptions).toEqual([]);
    expect((await listDocumentSubscriptions({ ctx: as('outsider') })).subscriptions).toEqual([]);
  });

  it('the delivery log tells when a pending delivery is tried next, and nothing once it is finished', async () => {
    const { subscriptionId } = await createSubscription({ ctx: as('outsider'), input: { freightDocumentId: null, callbackUrl: 'http://127.0.0.1:9/log' } });
    const { deliveryId } = await sendTestEvent({ ctx: as('outsider'), input: { freightDocumentId: null, subscriptionId } });
    const log = await listDeliveries({ ctx: as('outsider'), input: { freightDocumentId: null, subscriptionId } });
    const [pending] = log.deliveries;
    expect(pending).toEqual(expect.objectContaining({ deliveryId, state: 'PENDING', nextAttemptAt: expect.any(String) }));
    expect(Math.abs(new Date(pending!.nextAttemptAt!).getTime() - Date.now())).toBeLessThan(60_000);

    // The queue finishes the job: no next attempt any more.
    const rows = await database.handle.db.select().from(jobs).where(eq(jobs.kind, 'webhook.deliver'));
    const mine = rows.filter((row) => (row.payload as { deliveryId?: string }).deliveryId === deliveryId);
    expect(mine).toHaveLength(1);
    await database.handle.db.update(jobs).set({ failedAt: new Date() }).where(eq(jobs.id, mine[0]!.id));
    const after = await listDeliveries({ ctx: as('outsider'), input: { freightDocumentId: null, subscriptionId } });
    expect(after.deliveries[0]!.nextAttemptAt).toBeUndefined();
  });
});
