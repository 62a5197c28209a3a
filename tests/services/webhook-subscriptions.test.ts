/**
 * Subscriptions and the fan-out of status changes (issue 10, spec §6, contract §11), in-process on PGlite and
 * PostgreSQL: a delivery is queued in the transaction of the change, once per status change and subscription,
 * only to accounts that hold a role (directly or as a delegate) at that moment; a change that fails queues
 * nothing; 10 subscriptions per resource also under concurrent requests.
 *
 * @backends every (run on PostgreSQL in `npm test` too, vitest.config.ts): deliveries queued in the change's
 * transaction, the limit under concurrent requests.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, webhookDeliveries, webhookSubscriptions } from '@/server/db/schema';
import { ServiceError } from '@/server/errors';
import type { ServiceContext } from '@/server/services/context';
import { delegateAccountRole } from '@/server/services/delegations/delegate-account-role';
import { revokeAccountDelegation } from '@/server/services/delegations/revoke-account-delegation';
import { cancelFreightDocument } from '@/server/services/freight-documents/cancel-freight-document';
import { createFreightDocument } from '@/server/services/freight-documents/create-freight-document';
import { getFreightDocument } from '@/server/services/freight-documents/get-freight-document';
import { issueFreightDocument } from '@/server/services/freight-documents/issue-freight-document';
import { mutateDocument } from '@/server/services/document/mutate-document';
import { createSubscription, MAX_SUBSCRIPTIONS_PER_RESOURCE } from '@/server/services/subscriptions/create-subscription';
import { deleteSubscription } from '@/server/services/subscriptions/delete-subscription';
import { listSubscriptions } from '@/server/services/subscriptions/list-subscriptions';
import { openSigningSecret } from '@/server/webhooks/signing';
import { activeAccount, databaseKinds, openTestDatabase, serviceContext, type TestDatabase } from './harness';

const PEOPLE = ['submitter', 'carrier', 'delegate', 'outsider'] as const;
type Who = (typeof PEOPLE)[number];

describe.each(databaseKinds())('webhook subscriptions (%s)', (kind) => {
  let database: TestDatabase;
  const people = {} as Record<Who, Awaited<ReturnType<typeof activeAccount>>>;
  const as = (who: Who, config: Partial<ServiceContext['config']> = {}): ServiceContext =>
    serviceContext(database.handle, { WEBHOOK_ALLOW_PRIVATE_NETWORKS: true, ...config }, people[who].accountId);
  const subscribe = (who: Who, freightDocumentId: string | null, path = `/${who}`) =>
    createSubscription({ ctx: as(who), input: { freightDocumentId, callbackUrl: `http://127.0.0.1:9${path}` } });
  const newDocument = async (status: 'DRAFT' | 'ISSUED' = 'DRAFT') =>
    (
      await createFreightDocument({
        ctx: as('submitter'),
        input: {
          type: 'WAYBILL',
          status,
          consignor: { name: 'Acme' },
          consignee: { name: 'Beta' },
          carrier: { name: 'Fast Trucks', submittedAccountNumber: people.carrier.accountNumber },
          placeOfTakingOver: { name: 'Dock', countryCode: 'NLD' },
          goods: 'Pallets',
        },
      })
    ).freightDocumentId;
  /** The events queued for each subscription, as `subscriptionId → [status…]`. */
  const queued = async (subscriptionIds: string[]) => {
    const rows = await database.handle.db.select().from(webhookDeliveries).where(inArray(webhookDeliveries.subscriptionId, subscriptionIds));
    const out: Record<string, string[]> = Object.fromEntries(subscriptionIds.map((id) => [id, []]));
    for (const row of rows.sort((a, b) => (a.eventId ?? 0) - (b.eventId ?? 0)))
      out[row.subscriptionId]!.push((JSON.parse(row.body) as { status: string }).status);
    return out;
  };
  const moveTo = (freightDocumentId: string, status: 'TRANSIT' | 'DELIVERED') =>
    mutateDocument(as('carrier'), { freightDocumentId, changeType: 'UPDATE', apply: async () => ({ set: { status } }) });

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const base = serviceContext(database.handle);
    for (const who of PEOPLE) people[who] = await activeAccount(base, who);
  }, 120_000);
  afterAll(async () => database?.dispose());

  it('one delivery per status change and subscriber, to holders and delegates only, from ISSUED on', async () => {
    const { delegateId } = await delegateAccountRole({
      ctx: as('carrier'),
      input: { role: 'CARRIER', accountNumberOfDelegatee: people.delegate.accountNumber },
    });
    const accountWide = {
      submitter: (await subscribe('submitter', null)).subscriptionId,
      carrier: (await subscribe('carrier', null)).subscriptionId,
      delegate: (await subscribe('delegate', null)).subscriptionId,
      outsider: (await subscribe('outsider', null)).subscriptionId,
    };
    const documentId = await newDocument('DRAFT');
    const perDocument = (await subscribe('carrier', documentId, '/carrier-document')).subscriptionId;
    const all = [...Object.values(accountWide), perDocument];
    // Created as a draft: no status change yet.
    expect(Object.values(await queued(all)).flat()).toEqual([]);

    await issueFreightDocument({ ctx: as('submitter'), input: { freightDocumentId: documentId } });
    await moveTo(documentId, 'TRANSIT');
    await moveTo(documentId, 'DELIVERED');
    const statuses = ['ISSUED', 'TRANSIT', 'DELIVERED'];
    expect(await queued(all)).toEqual({
      [accountWide.submitter]: statuses,
      [accountWide.carrier]: statuses,
      [accountWide.delegate]: statuses,
      [accountWide.outsider]: [],
      [perDocument]: statuses,
    });
    // Every delivery has its job, and its body is exactly spec §6's.
    const deliveries = await database.handle.db.select().from(webhookDeliveries).where(inArray(webhookDeliveries.subscriptionId, all));
    for (const delivery of deliveries)
      expect(delivery.body).toMatch(new RegExp(`^\\{"freightDocumentId":"${documentId}","status":"(ISSUED|TRANSIT|DELIVERED)"\\}$`));
    const queuedJobs = (await database.handle.db.select().from(jobs).where(eq(jobs.kind, 'webhook.deliver'))).map((job) => job.payload.deliveryId);
    expect(queuedJobs).toEqual(expect.arrayContaining(deliveries.map((delivery) => delivery.id)));
    expect(new Set(deliveries.map((delivery) => delivery.webhookId)).size).toBe(deliveries.length);

    // A delegate whose delegation ends hears nothing more; a document created ISSUED is one change.
    await revokeAccountDelegation({ ctx: as('carrier'), input: { delegateId } });
    const issued = await newDocument('ISSUED');
    const afterRevocation = await queued([accountWide.delegate, accountWide.carrier]);
    expect(afterRevocation[accountWide.delegate]).toEqual(statuses);
    expect(afterRevocation[accountWide.carrier]).toEqual([...statuses, 'ISSUED']);
    expect(issued).toBeTruthy();

    // A cancelled draft is a status change too.
    const cancelled = await newDocument('DRAFT');
    await cancelFreightDocument({ ctx: as('submitter'), input: { freightDocumentId: cancelled } });
    expect((await queued([accountWide.submitter]))[accountWide.submitter]!.slice(-1)).toEqual(['CANCELLED']);
    for (const who of PEOPLE) {
      for (const subscription of (await listSubscriptions({ ctx: as(who), input: { freightDocumentId: null } })).subscriptions) {
        await deleteSubscription({ ctx: as(who), input: { freightDocumentId: null, subscriptionId: subscription.subscriptionId } });
      }
    }
  });

  it('a change that fails queues nothing', async () => {
    const { subscriptionId } = await subscribe('submitter', null, '/failing');
    const documentId = await newDocument('DRAFT');
    // Production without credits: issuing fails with 4.41, and with it the event and its delivery.
    const error = await issueFreightDocument({ ctx: as('submitter', { APP_ENV: 'production' }), input: { freightDocumentId: documentId } }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as ServiceError).code).toBe('4.41');
    expect((await queued([subscriptionId]))[subscriptionId]).toEqual([]);
    await deleteSubscription({ ctx: as('submitter'), input: { freightDocumentId: null, subscriptionId } });
  });

  it('subscriptionCount counts the caller’s own subscriptions on the document; the secret is sealed and opens to what was shown', async () => {
    const documentId = await newDocument('DRAFT');
    const created = await subscribe('carrier', documentId, '/a');
    await subscribe('carrier', documentId, '/b');
    await subscribe('submitter', documentId, '/c');
    await subscribe('carrier', null, '/account');
    expect((await getFreightDocument({ ctx: as('carrier'), input: { freightDocumentId: documentId } })).subscriptionCount).toBe(2);
    expect((await getFreightDocument({ ctx: as('submitter'), input: { freightDocumentId: documentId } })).subscriptionCount).toBe(1);
    expect(created.signingSecret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const [stored] = await database.handle.db.select().from(webhookSubscriptions).where(eq(webhookSubscriptions.id, created.subscriptionId));
    expect(stored!.signingSecretSealed).not.toContain(created.signingSecret.slice(6, 20));
    expect(openSigningSecret(stored!.signingSecretSealed, as('carrier').appSecret)).toBe(created.signingSecret);
    // Listing never shows the secret again.
    expect(JSON.stringify(await listSubscriptions({ ctx: as('carrier'), input: { freightDocumentId: documentId } }))).not.toContain('whsec_');
  });

  it(`at most ${MAX_SUBSCRIPTIONS_PER_RESOURCE} per resource, also when requests arrive at once; 4.14 for private addresses unless allowed`, async () => {
    const documentId = await newDocument('DRAFT');
    const attempts = await Promise.all(
      Array.from({ length: 14 }, (_, i) =>
        subscribe('submitter', documentId, `/many-${i}`).then(
          () => 'ok',
          (error: ServiceError) => error.code,
        ),
      ),
    );
    expect(attempts.filter((result) => result === 'ok')).toHaveLength(MAX_SUBSCRIPTIONS_PER_RESOURCE);
    expect(attempts.filter((result) => result === '4.15')).toHaveLength(4);
    // Another resource of the same account has its own ten.
    expect((await subscribe('submitter', null, '/other-resource')).subscriptionId).toBeTruthy();

    const refused = await createSubscription({
      ctx: as('submitter', { WEBHOOK_ALLOW_PRIVATE_NETWORKS: false }),
      input: { freightDocumentId: null, callbackUrl: 'http://127.0.0.1:9/hook' },
    }).catch((error: unknown) => error as ServiceError);
    expect(refused).toBeInstanceOf(ServiceError);
    expect((refused as ServiceError).items).toEqual([expect.objectContaining({ code: '4.14', field: 'callbackUrl' })]);
  });
});
