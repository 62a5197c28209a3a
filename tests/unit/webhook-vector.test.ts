/**
 * Issue 35: the signature test vector the reference and the webhooks guide publish is right: the maintained
 * `standardwebhooks` library signs its inputs to exactly its signature and accepts it as of its timestamp, the
 * guide's TypeScript example prints it, and the served OpenAPI document's webhook example carries the same values.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { signature, VECTOR } from '../../docs/guides/examples/webhook-signature';
import { buildOpenApiDocument } from '@/lib/openapi/document';
import { WEBHOOK_VECTOR } from '@/lib/openapi/webhooks';

describe('the webhook signature test vector', () => {
  afterEach(() => vi.useRealTimers());

  it('the library signs the vector to its signature, and verifies it at its timestamp (not five minutes later)', () => {
    const webhook = new Webhook(WEBHOOK_VECTOR.secret);
    expect(webhook.sign(WEBHOOK_VECTOR.webhookId, new Date(WEBHOOK_VECTOR.timestamp * 1000), WEBHOOK_VECTOR.body)).toBe(WEBHOOK_VECTOR.signature);
    const headers = {
      'webhook-id': WEBHOOK_VECTOR.webhookId,
      'webhook-timestamp': String(WEBHOOK_VECTOR.timestamp),
      'webhook-signature': WEBHOOK_VECTOR.signature,
    };
    vi.useFakeTimers({ now: WEBHOOK_VECTOR.timestamp * 1000 + 60_000 });
    expect(webhook.verify(WEBHOOK_VECTOR.body, headers)).toEqual(JSON.parse(WEBHOOK_VECTOR.body));
    expect(() => webhook.verify(WEBHOOK_VECTOR.body.replace('TRANSIT', 'DELIVERED'), headers)).toThrow();
    vi.setSystemTime(WEBHOOK_VECTOR.timestamp * 1000 + 10 * 60_000);
    expect(() => webhook.verify(WEBHOOK_VECTOR.body, headers)).toThrow();
  });

  it('the guide’s example and the served document carry the same vector', () => {
    expect(signature(VECTOR.secret, VECTOR.webhookId, VECTOR.timestamp, VECTOR.body)).toBe(WEBHOOK_VECTOR.signature);
    expect({ ...VECTOR, signature: WEBHOOK_VECTOR.signature }).toEqual(WEBHOOK_VECTOR);
    const webhook = (buildOpenApiDocument('test') as unknown as { webhooks: Record<string, Record<string, Record<string, unknown>>> }).webhooks
      .freightDocumentChanged!.post! as {
      description: string;
      parameters: { name: string; schema: { example: string } }[];
      requestBody: { content: Record<string, { example: unknown }> };
    };
    const example = Object.fromEntries(webhook.parameters.map((parameter) => [parameter.name, parameter.schema.example]));
    expect(example).toEqual({
      'Webhook-Id': WEBHOOK_VECTOR.webhookId,
      'Webhook-Timestamp': String(WEBHOOK_VECTOR.timestamp),
      'Webhook-Signature': WEBHOOK_VECTOR.signature,
    });
    expect(JSON.stringify(webhook.requestBody.content['application/json']!.example)).toBe(WEBHOOK_VECTOR.body);
    expect(webhook.description).toContain(WEBHOOK_VECTOR.secret);
  });
});
