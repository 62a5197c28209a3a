import { createSubscriptionInput, type SubscriptionScope } from '@/lib/schemas/subscriptions';
import { createSubscription } from '@/server/services/subscriptions/create-subscription';
import { deleteSubscription } from '@/server/services/subscriptions/delete-subscription';
import { listDeliveries } from '@/server/services/subscriptions/list-deliveries';
import { listSubscriptions } from '@/server/services/subscriptions/list-subscriptions';
import { redeliver } from '@/server/services/subscriptions/redeliver';
import { sendTestEvent } from '@/server/services/subscriptions/send-test-event';
import { endpoint } from './route';

/**
 * The subscription endpoints of contract §11 exist twice, per document (`/freightdocuments/{id}/subscriptions`)
 * and per account (`/accounts/users/me/subscriptions`), with one behaviour: each route file picks its scope here.
 */
export interface SubscriptionPaths {
  /** The collection's path template in the reference, which names each endpoint's operation. */
  base: `/${string}`;
  scope: (params: Record<string, string>) => SubscriptionScope;
  /** The collection's path, for Location headers. */
  collection: (params: Record<string, string>) => string;
}

export const documentSubscriptions: SubscriptionPaths = {
  base: '/freightdocuments/{id}/subscriptions',
  scope: (params) => ({ freightDocumentId: params.id! }),
  collection: (params) => `/api/freightdocuments/${encodeURIComponent(params.id!)}/subscriptions`,
};

export const accountSubscriptions: SubscriptionPaths = {
  base: '/accounts/users/me/subscriptions',
  scope: () => ({ freightDocumentId: null }),
  collection: () => '/api/accounts/users/me/subscriptions',
};

/** `…/subscriptions`: POST subscribes (201, the secret shown once), GET lists. */
export function subscriptionCollection(paths: SubscriptionPaths) {
  return {
    POST: endpoint({
      operation: `POST ${paths.base}`,
      body: createSubscriptionInput,
      handle: async ({ ctx, params, body }) => {
        const created = await createSubscription({ ctx, input: { ...paths.scope(params), callbackUrl: body.callbackUrl } });
        return { status: 201, body: created, headers: { Location: `${paths.collection(params)}/${created.subscriptionId}`, 'Cache-Control': 'no-store' } };
      },
    }),
    GET: endpoint({
      operation: `GET ${paths.base}`,
      handle: async ({ ctx, params }) => ({ body: await listSubscriptions({ ctx, input: paths.scope(params) }) }),
    }),
  };
}

/** `…/subscriptions/{subscriptionId}`: DELETE (204). */
export function subscriptionItem(paths: SubscriptionPaths) {
  return {
    DELETE: endpoint({
      operation: `DELETE ${paths.base}/{subscriptionId}`,
      handle: async ({ ctx, params }) => {
        await deleteSubscription({ ctx, input: { ...paths.scope(params), subscriptionId: params.subscriptionId! } });
        return { status: 204 };
      },
    }),
  };
}

/** `…/subscriptions/{subscriptionId}/deliveries`: the delivery log. */
export function deliveryLog(paths: SubscriptionPaths) {
  return {
    GET: endpoint({
      operation: `GET ${paths.base}/{subscriptionId}/deliveries`,
      handle: async ({ ctx, params }) => ({ body: await listDeliveries({ ctx, input: { ...paths.scope(params), subscriptionId: params.subscriptionId! } }) }),
    }),
  };
}

/** `…/subscriptions/{subscriptionId}/test`: queues a TEST event (202). */
export function testEvent(paths: SubscriptionPaths) {
  return {
    POST: endpoint({
      operation: `POST ${paths.base}/{subscriptionId}/test`,
      handle: async ({ ctx, params }) => ({
        status: 202,
        body: await sendTestEvent({ ctx, input: { ...paths.scope(params), subscriptionId: params.subscriptionId! } }),
      }),
    }),
  };
}

/** `…/subscriptions/{subscriptionId}/deliveries/{deliveryId}/redeliver`: sends the event again (202). */
export function redelivery(paths: SubscriptionPaths) {
  return {
    POST: endpoint({
      operation: `POST ${paths.base}/{subscriptionId}/deliveries/{deliveryId}/redeliver`,
      handle: async ({ ctx, params }) => ({
        status: 202,
        body: await redeliver({ ctx, input: { ...paths.scope(params), subscriptionId: params.subscriptionId!, deliveryId: params.deliveryId! } }),
      }),
    }),
  };
}
