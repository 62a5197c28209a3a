import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { webhookDeliveryBody } from '@/lib/schemas/subscriptions';

const header = (description: string, example: string) => z.string().meta({ description, example });

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
      'Sent once per status change (cancellation included) to every subscription on the document or on the account, and for a test event (`POST …/subscriptions/{subscriptionId}/test`).',
      'Signed by [Standard Webhooks](https://www.standardwebhooks.com): HMAC-SHA256 with the subscription’s `signingSecret` (`whsec_` + base64 key, shown once at creation) over `{Webhook-Id}.{Webhook-Timestamp}.{body}`; `Webhook-Signature` is `v1,` + its base64. Verify it, and refuse timestamps older than a few minutes, before trusting the body (the `standardwebhooks` libraries do both).',
      'Answer any 2xx within 10 s. Other statuses, redirects, errors and timeouts are retried after `WEBHOOK_RETRY_DELAYS_MS` (default 30 s, then 5 min): 3 attempts in all, then the delivery is FAILED. Every attempt is in the delivery log (`GET …/subscriptions/{subscriptionId}/deliveries`) and a delivery can be sent again (`…/redeliver`, same `Webhook-Id`): deduplicate by `Webhook-Id`.',
      'Callback URLs on loopback, private or link-local addresses are refused (`4.14`) unless the operator sets `WEBHOOK_ALLOW_PRIVATE_NETWORKS=true`.',
    ].join('\n\n'),
    request: {
      headers: z.object({
        'Webhook-Id': header('Unique per event and subscription; the same on every attempt and redelivery of one delivery.', 'msg_2KWPBgLlAfxdpx2AI54pPJ85f4W'),
        'Webhook-Timestamp': header('Unix time (seconds) of this attempt, covered by the signature.', '1764151200'),
        'Webhook-Signature': header(
          '`v1,` and the base64 HMAC-SHA256 of `{Webhook-Id}.{Webhook-Timestamp}.{body}` under the signing secret.',
          'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
        ),
      }),
      body: {
        required: true,
        content: {
          'application/json': {
            schema: webhookDeliveryBody,
            example: { freightDocumentId: 'c28eb455-a576-488f-94f1-9529e9108553', status: 'TRANSIT' },
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
