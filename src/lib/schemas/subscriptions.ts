import { z } from 'zod';

export const CALLBACK_URL_MAX_LENGTH = 255;

/** Spec §2.9, §8: at most 255 characters, http:// or https:// (else 4.14); and a URL at all. */
export const callbackUrlSchema = z
  .string()
  .max(CALLBACK_URL_MAX_LENGTH, '4.14')
  .refine((value) => /^https?:\/\/[^/?#]/i.test(value) && URL.canParse(value), '4.14');

/** POST …/subscriptions (contract §11). */
export const createSubscriptionInput = z.object({ callbackUrl: callbackUrlSchema });
export type CreateSubscriptionInput = z.input<typeof createSubscriptionInput>;

/** Which subscriptions a call is about: one document's (of the caller), or the caller's account-wide ones (null). */
export const subscriptionScope = z.object({ freightDocumentId: z.string().min(1).nullable() });
export type SubscriptionScope = z.infer<typeof subscriptionScope>;

/** The creation answer: the only time the signing secret is shown. */
export const createdSubscriptionResponse = z.object({
  subscriptionId: z.string(),
  callbackUrl: z.string(),
  /** Standard Webhooks secret (`whsec_` + base64): verify every delivery with it. */
  signingSecret: z.string(),
});

export const subscriptionView = z.object({
  subscriptionId: z.string(),
  callbackUrl: z.string(),
  /** null: every document the account holds a role in. */
  freightDocumentId: z.string().nullable(),
  createdAt: z.string(),
});
export type SubscriptionView = z.infer<typeof subscriptionView>;

export const subscriptionListResponse = z.object({ subscriptions: z.array(subscriptionView) });

/** The caller's subscriptions to single documents, across documents (the portal's Webhooks screen). */
export const documentSubscriptionListResponse = z.object({
  subscriptions: z.array(subscriptionView.extend({ freightDocumentId: z.string(), serviceNumber: z.string() })),
});

export const DELIVERY_STATES = ['PENDING', 'DELIVERED', 'FAILED'] as const;

/** The delivery log (contract §11), newest first. */
export const deliveryView = z.object({
  deliveryId: z.string(),
  webhookId: z.string(),
  // Contract §14: a legal event's delivery names it (`RESERVATION`, `INSTRUCTION` …) beside the unchanged status.
  event: z.object({ freightDocumentId: z.string(), status: z.string(), event: z.string().optional() }),
  attempts: z.array(
    z.object({
      at: z.string(),
      httpStatus: z.number().int().optional(),
      error: z.string().optional(),
      /** null while the attempt runs, or when its worker stopped before an answer ("interrupted"). */
      durationMs: z.number().int().nullable(),
    }),
  ),
  state: z.enum(DELIVERY_STATES),
  /** A PENDING delivery's next attempt (an extension: when the queue runs it next); absent otherwise. */
  nextAttemptAt: z.string().optional(),
});
export type DeliveryView = z.infer<typeof deliveryView>;

export const deliveryLogResponse = z.object({ deliveries: z.array(deliveryView) });

/** 202 of …/test and …/redeliver: the delivery that was queued. */
export const queuedDeliveryResponse = z.object({ deliveryId: z.string() });

/**
 * The body of a webhook delivery (spec §6, contract §11): exactly these attributes, in this order. `status` is the
 * document's status after the change (`CANCELLED` for a cancellation, `TEST` for a test event).
 */
export const webhookDeliveryBody = z.object({
  freightDocumentId: z.string().meta({ description: 'The freight document that changed.' }),
  status: z.string().meta({ description: 'Its status after the change: ISSUED, TRANSIT, DELIVERED, CANCELLED; TEST for a test event.' }),
  event: z.string().optional().meta({ description: 'The legal event of contract §14 the delivery reports, where one did; absent on status changes.' }),
});
