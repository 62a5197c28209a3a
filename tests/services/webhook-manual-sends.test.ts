/**
 * Issue 20: test events and redeliveries are limited per account (RATE_LIMIT_WEBHOOK_TESTS_PER_ACCOUNT), so one account
 * cannot fill the job queue with deliveries to a receiver that never answers. Beyond the limit: 429 `1.10`.
 *
 * @backends every (run on PostgreSQL in `npm test` too, vitest.config.ts): the per-account limit is a counter in the
 * database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceError } from '@/server/errors';
import type { ServiceContext } from '@/server/services/context';
import { createSubscription } from '@/server/services/subscriptions/create-subscription';
import { redeliver } from '@/server/services/subscriptions/redeliver';
import { sendTestEvent } from '@/server/services/subscriptions/send-test-event';
import { activeAccount, databaseKinds, openTestDatabase, serviceContext, type TestDatabase } from './harness';

describe.each(databaseKinds())('webhook test events and redeliveries per account (%s)', (kind) => {
  let database: TestDatabase;
  let limited: (accountId: string) => ServiceContext;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    limited = (accountId) => serviceContext(database.handle, { WEBHOOK_ALLOW_PRIVATE_NETWORKS: true, RATE_LIMIT_WEBHOOK_TESTS_PER_ACCOUNT: 3 }, accountId);
  }, 60_000);
  afterAll(async () => database?.dispose());

  it('three a window, test events and redeliveries together; then 429 1.10 for that account only', async () => {
    const base = serviceContext(database.handle);
    const [busy, other] = [await activeAccount(base, 'Busy'), await activeAccount(base, 'Other')];
    const scope = { freightDocumentId: null };
    const subscribe = async (accountId: string) =>
      (await createSubscription({ ctx: limited(accountId), input: { ...scope, callbackUrl: 'http://127.0.0.1:9/slow' } })).subscriptionId;
    const subscriptionId = await subscribe(busy.accountId);
    const { deliveryId } = await sendTestEvent({ ctx: limited(busy.accountId), input: { ...scope, subscriptionId } });
    await sendTestEvent({ ctx: limited(busy.accountId), input: { ...scope, subscriptionId } });
    await redeliver({ ctx: limited(busy.accountId), input: { ...scope, subscriptionId, deliveryId } });
    const refused = await sendTestEvent({ ctx: limited(busy.accountId), input: { ...scope, subscriptionId } }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(ServiceError);
    expect(refused).toMatchObject({ code: '1.10', hints: { rateLimited: true } });
    const otherSubscription = await subscribe(other.accountId);
    await expect(sendTestEvent({ ctx: limited(other.accountId), input: { ...scope, subscriptionId: otherSubscription } })).resolves.toHaveProperty(
      'deliveryId',
    );
  });
});
