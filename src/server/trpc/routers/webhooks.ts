import { z } from 'zod';
import {
  createdSubscriptionResponse,
  createSubscriptionInput,
  deliveryLogResponse,
  documentSubscriptionListResponse,
  queuedDeliveryResponse,
  subscriptionListResponse,
  subscriptionScope,
} from '@/lib/schemas/subscriptions';
import { createSubscription } from '@/server/services/subscriptions/create-subscription';
import { deleteSubscription } from '@/server/services/subscriptions/delete-subscription';
import { listDeliveries } from '@/server/services/subscriptions/list-deliveries';
import { listDocumentSubscriptions } from '@/server/services/subscriptions/list-document-subscriptions';
import { listSubscriptions } from '@/server/services/subscriptions/list-subscriptions';
import { redeliver } from '@/server/services/subscriptions/redeliver';
import { sendTestEvent } from '@/server/services/subscriptions/send-test-event';
import { accountProcedure, router } from '../init';

/** One subscription of the caller: on a document (`freightDocumentId`) or account-wide (null), as in REST. */
const oneSubscription = subscriptionScope.extend({ subscriptionId: z.string().min(1) });

/** The portal's Webhooks screens: the REST subscription and delivery services, one call each. */
export const webhooksRouter = router({
  list: accountProcedure
    .input(subscriptionScope)
    .output(subscriptionListResponse)
    .query(({ ctx, input }) => listSubscriptions({ ctx: ctx.service, input })),
  onDocuments: accountProcedure.output(documentSubscriptionListResponse).query(({ ctx }) => listDocumentSubscriptions({ ctx: ctx.service })),
  create: accountProcedure
    .input(subscriptionScope.extend(createSubscriptionInput.shape))
    .output(createdSubscriptionResponse)
    .mutation(({ ctx, input }) => createSubscription({ ctx: ctx.service, input })),
  remove: accountProcedure
    .input(oneSubscription)
    .output(z.object({ deleted: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      await deleteSubscription({ ctx: ctx.service, input });
      return { deleted: true as const };
    }),
  sendTest: accountProcedure
    .input(oneSubscription)
    .output(queuedDeliveryResponse)
    .mutation(({ ctx, input }) => sendTestEvent({ ctx: ctx.service, input })),
  deliveries: accountProcedure
    .input(oneSubscription)
    .output(deliveryLogResponse)
    .query(({ ctx, input }) => listDeliveries({ ctx: ctx.service, input })),
  redeliver: accountProcedure
    .input(oneSubscription.extend({ deliveryId: z.string().min(1) }))
    .output(queuedDeliveryResponse)
    .mutation(({ ctx, input }) => redeliver({ ctx: ctx.service, input })),
});
