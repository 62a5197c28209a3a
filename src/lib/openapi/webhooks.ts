import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { webhookDeliveryBody } from '@/lib/schemas/subscriptions';

const header = (description: string, example: string) => z.string().meta({ description, example });

/**
 * The signature test vector of the reference and the webhooks guide (issue 35): the `standardwebhooks` library and the
 * guide's examples give exactly this signature for these inputs (tests/unit/webhook-vector.test.ts).
 */
export const WEBHOOK_VECTOR = {
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  webhookId: 'msg_2KWPBgLlAfxdpx2AI54pPJ85f4W',
  timestamp: 1764151200,
  body: '{"freightDocumentId":"c28eb455-a576-488f-94f1-9529e9108553","status":"TRANSIT"}',
  signature: 'v1,C7BxNEO+8Xy+6u6sVFmuUu2fD5pkrdUrz7/28J4AxRc=',
};

/**
 * The `webhooks` section (OpenAPI 3.1, issue 23): what a subscription's callback URL receives, with the Standard
 * Webhooks headers it verifies, so an integrator needs nothing but the reference to write the receiver.
 */
export function registerWebhooks(registry: OpenAPIRegistry) {
  registry.registerWebhook({
    method: 'post',
    path: 'freightDocumentChanged',
    operationId: 'freightDocumentChanged',
    tags: ['Subscriptions'],
    // The subscriber's endpoint takes no credentials of ours: the `webhook-signature` header proves the sender.
    security: [],
    summary: 'A subscribed freight document changed status (sent to the subscription’s callback URL)',
    description: [
      'Sent once per status change (cancellation included) to every subscription on the document or on the account, once per legal event and authority follow-up (named in `event`, with the unchanged `status`), and for a test event (`POST …/subscriptions/{subscriptionId}/test`).',
      'Signed by [Standard Webhooks](https://www.standardwebhooks.com): HMAC-SHA256 with the subscription’s `signingSecret` (`whsec_` + base64 key, shown once at creation) over `{Webhook-Id}.{Webhook-Timestamp}.{body}`; `Webhook-Signature` is `v1,` + its base64 (several may be listed, space-separated; one match is enough). Verify it on the raw bytes of the body, and refuse timestamps more than five minutes from your clock, before trusting the body (the `standardwebhooks` libraries do both).',
      `Test vector (the example below): secret \`${WEBHOOK_VECTOR.secret}\`, \`Webhook-Id\` \`${WEBHOOK_VECTOR.webhookId}\`, \`Webhook-Timestamp\` \`${WEBHOOK_VECTOR.timestamp}\`, body \`${WEBHOOK_VECTOR.body}\` (no trailing newline) → \`Webhook-Signature\` \`${WEBHOOK_VECTOR.signature}\`. Runnable verifiers in TypeScript and Python: [webhooks guide](/docs/guides/webhooks#a-test-vector).`,
      'Answer any 2xx within 10 s. Other statuses, redirects, errors and timeouts are retried after `WEBHOOK_RETRY_DELAYS_MS` (default 30 s, then 5 min): 3 attempts in all, then the delivery is FAILED. Every attempt is in the delivery log (`GET …/subscriptions/{subscriptionId}/deliveries`). `POST …/deliveries/{deliveryId}/redeliver` sends a delivery again as a new delivery: a new `deliveryId` (in the 202 answer and the log, with three attempts of its own) and the same `Webhook-Id` as the original. Receivers deduplicate by `Webhook-Id`.',
      'Callback URLs on loopback, private or link-local addresses are refused (`4.14`) unless the operator sets `WEBHOOK_ALLOW_PRIVATE_NETWORKS=true`.',
    ].join('\n\n'),
    request: {
      headers: z.object({
        'Webhook-Id': header(
          'Unique per event and subscription; the same on every attempt of a delivery and on its redeliveries (deduplicate by it).',
          WEBHOOK_VECTOR.webhookId,
        ),
        'Webhook-Timestamp': header('Unix time (seconds) when this attempt was signed, covered by the signature.', String(WEBHOOK_VECTOR.timestamp)),
        'Webhook-Signature': header(
          '`v1,` and the base64 HMAC-SHA256 of `{Webhook-Id}.{Webhook-Timestamp}.{body}` under the signing secret (its base64 part after `whsec_`).',
          WEBHOOK_VECTOR.signature,
        ),
      }),
      body: {
        required: true,
        content: {
          'application/json': {
            schema: webhookDeliveryBody,
            example: JSON.parse(WEBHOOK_VECTOR.body) as unknown,
          },
        },
      },
    },
    responses: {
      200: { description: 'Any 2xx: delivered; nothing more is sent for this delivery.' },
      default: { description: 'Anything else (or no answer within 10 s): the attempt failed and is retried until 3 attempts are made.' },
    },
  });
}
