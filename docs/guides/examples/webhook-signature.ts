/**
 * Standard Webhooks signatures of the Freight Document Service's deliveries, with the maintained `standardwebhooks`
 * library (npm i standardwebhooks): it checks the signature and the timestamp (five minutes) in one call.
 *
 *   node webhook-signature.ts vector
 *       prints the signature of the webhooks guide's test vector
 *   node webhook-signature.ts verify SECRET WEBHOOK_ID WEBHOOK_TIMESTAMP WEBHOOK_SIGNATURE < raw-body
 *       prints "valid" or "invalid" for a delivery (headers as received, the body's raw bytes on stdin)
 */
import { Webhook } from 'standardwebhooks';

/** `v1,` + base64(HMAC-SHA256(key, "{webhook-id}.{webhook-timestamp}.{raw body}")), key = the secret after `whsec_`. */
export function signature(secret: string, webhookId: string, timestamp: number, rawBody: string): string {
  return new Webhook(secret).sign(webhookId, new Date(timestamp * 1000), rawBody);
}

/** The delivery's body when its signature and timestamp are right; throws otherwise. */
export function verify(secret: string, headers: Record<string, string>, rawBody: string): unknown {
  return new Webhook(secret).verify(rawBody, headers);
}

/** The guide's test vector: these inputs give exactly this signature. */
export const VECTOR = {
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  webhookId: 'msg_2KWPBgLlAfxdpx2AI54pPJ85f4W',
  timestamp: 1764151200,
  body: '{"freightDocumentId":"c28eb455-a576-488f-94f1-9529e9108553","status":"TRANSIT"}',
};

async function main(args: string[]) {
  if (args[0] === 'vector') {
    console.log(signature(VECTOR.secret, VECTOR.webhookId, VECTOR.timestamp, VECTOR.body));
  } else if (args[0] === 'verify' && args.length === 5) {
    const [, secret, id, timestamp, signatures] = args as [string, string, string, string, string];
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    const headers = { 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': signatures };
    try {
      verify(secret, headers, Buffer.concat(chunks).toString('utf8'));
      console.log('valid');
    } catch {
      console.log('invalid');
    }
  } else {
    console.error('usage: node webhook-signature.ts vector | verify SECRET WEBHOOK_ID WEBHOOK_TIMESTAMP WEBHOOK_SIGNATURE < raw-body');
    process.exit(2);
  }
}

if (process.argv[1]?.endsWith('webhook-signature.ts')) void main(process.argv.slice(2));
