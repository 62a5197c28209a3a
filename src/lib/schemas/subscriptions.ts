import { z } from 'zod';
import { about } from './common';

export const CALLBACK_URL_MAX_LENGTH = 255;

/** Spec §2.9, §8: at most 255 characters, http:// or https:// (else 4.14); and a URL at all. */
export const callbackUrlSchema = z
  .string()
  .max(CALLBACK_URL_MAX_LENGTH, '4.14')
  .refine((value) => /^https?:\/\/[^/?#]/i.test(value) && URL.canParse(value), '4.14');

/** POST …/subscriptions (contract §11). */
export const createSubscriptionInput = z.object({
  callbackUrl: callbackUrlSchema.meta(
    about(
      'Where deliveries are POSTed: `http://` or `https://`, at most 255 characters, resolving only to public addresses (loopback, private and link-local ones are refused unless the operator allows them); else 4.14.',
      'https://tms.example.com/hooks/freight',
    ),
  ),
});
export type CreateSubscriptionInput = z.input<typeof createSubscriptionInput>;

/** Which subscriptions a call is about: one document's (of the caller), or the caller's account-wide ones (null). */
export const subscriptionScope = z.object({ freightDocumentId: z.string().min(1).nullable() });
export type SubscriptionScope = z.infer<typeof subscriptionScope>;

/** The creation answer: the only time the signing secret is shown. */
export const createdSubscriptionResponse = z.object({
  subscriptionId: z.string().meta(about('The subscription’s id.', '2d4f6a8c-1b3d-4e5f-8a9b-0c1d2e3f4a5b')),
  callbackUrl: z.string().meta(about('The callback URL, as stored.', 'https://tms.example.com/hooks/freight')),
  /** Standard Webhooks secret (`whsec_` + base64): verify every delivery with it. */
  signingSecret: z
    .string()
    .meta(
      about(
        'The Standard Webhooks secret: `whsec_` and the base64 of the HMAC key. Shown only in this answer: store it and verify every delivery with it.',
        'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      ),
    ),
});

export const subscriptionView = z.object({
  subscriptionId: z.string().meta(about('The subscription’s id.')),
  callbackUrl: z.string().meta(about('Where deliveries go.', 'https://tms.example.com/hooks/freight')),
  /** null: every document the account holds a role in. */
  freightDocumentId: z
    .string()
    .nullable()
    .meta(about('The document it follows; `null` for an account subscription (every document the account holds a role in).')),
  createdAt: z.string().meta(about('When it was made, UTC with milliseconds.', '2026-11-23T14:12:00.000Z')),
});
export type SubscriptionView = z.infer<typeof subscriptionView>;

export const subscriptionListResponse = z.object({
  subscriptions: z.array(subscriptionView).meta(about('The caller’s subscriptions here (never with their secrets).')),
});

/** The caller's subscriptions to single documents, across documents (the portal's Webhooks screen). */
export const documentSubscriptionListResponse = z.object({
  subscriptions: z.array(subscriptionView.extend({ freightDocumentId: z.string(), serviceNumber: z.string() })),
});

export const DELIVERY_STATES = ['PENDING', 'DELIVERED', 'FAILED'] as const;

/** The delivery log (contract §11), newest first. */
export const deliveryView = z.object({
  deliveryId: z
    .string()
    .meta(
      about(
        'This delivery’s id: redeliver it by it. A redelivery is a new delivery with its own `deliveryId` (the 202 answer names it) and the same `webhookId`.',
        '9e8d7c6b-5a49-4382-a1b0-c9d8e7f6a5b4',
      ),
    ),
  webhookId: z
    .string()
    .meta(
      about(
        'The `Webhook-Id` header it is sent with: one per event and subscription, the same on every attempt and redelivery. Receivers deduplicate by it.',
        'msg_2KWPBgLlAfxdpx2AI54pPJ85f4W',
      ),
    ),
  // Contract §14: a legal event's delivery names it (`RESERVATION`, `INSTRUCTION` …) beside the unchanged status.
  event: z
    .object({
      freightDocumentId: z.string().meta(about('The document the event is about.')),
      status: z.string().meta(about('Its status after the change (`TEST` for a test event).', 'ISSUED')),
      event: z.string().optional().meta(about('The legal event, when the delivery reports one (`RESERVATION`, `INSTRUCTION` …).')),
    })
    .meta(about('The body that is sent.')),
  attempts: z
    .array(
      z.object({
        at: z.string().meta(about('When the attempt started, UTC with milliseconds.', '2026-11-23T14:13:00.000Z')),
        httpStatus: z.number().int().optional().meta(about('The receiver’s HTTP status, when it answered.', 200)),
        error: z.string().optional().meta(about('Why the attempt failed without an answer (timeout after 10 s, connection refused, address refused …).')),
        /** null while the attempt runs, or when its worker stopped before an answer ("interrupted"). */
        durationMs: z.number().int().nullable().meta(about('How long it took, in milliseconds; `null` while it runs or when it was interrupted.', 84)),
      }),
    )
    .meta(about('Every attempt, oldest first: at most 3, spaced by `WEBHOOK_RETRY_DELAYS_MS` (30 s, then 5 minutes).')),
  state: z.enum(DELIVERY_STATES).meta(about('`PENDING` (attempts left), `DELIVERED` (a 2xx came back) or `FAILED` (3 attempts failed).', 'DELIVERED')),
  /** A PENDING delivery's next attempt (an extension: when the queue runs it next); absent otherwise. */
  nextAttemptAt: z.string().optional().meta(about('A `PENDING` delivery’s next attempt, UTC; absent otherwise.')),
});
export type DeliveryView = z.infer<typeof deliveryView>;

export const deliveryLogResponse = z.object({ deliveries: z.array(deliveryView).meta(about('The subscription’s last 100 deliveries, newest first.')) });

/** 202 of …/test and …/redeliver: the delivery that was queued. */
export const queuedDeliveryResponse = z.object({
  deliveryId: z
    .string()
    .meta(about('The delivery queued now: a new one (its own id), which the delivery log shows with its attempts.', '9e8d7c6b-5a49-4382-a1b0-c9d8e7f6a5b4')),
});

/**
 * The body of a webhook delivery (spec §6, contract §11): exactly these attributes, in this order. `status` is the
 * document's status after the change (`CANCELLED` for a cancellation, `TEST` for a test event).
 */
export const webhookDeliveryBody = z.object({
  freightDocumentId: z.string().meta({ description: 'The freight document that changed.' }),
  status: z.string().meta({ description: 'Its status after the change: ISSUED, TRANSIT, DELIVERED, CANCELLED; TEST for a test event.' }),
  event: z.string().optional().meta({
    description:
      'The legal event the delivery reports, where one did (`RESERVATION`, `INSTRUCTION`, `INSTRUCTION_RESPONSE`, `IMPEDIMENT`, `CASH_ON_DELIVERY`, `REPLACED_BY_PAPER`), or `EFTI_FOLLOW_UP` when an authority sent a follow-up message through its eFTI gate (read it in the document’s `accesses`); `status` is then unchanged. Absent on status changes. Tolerate new values.',
  }),
});
