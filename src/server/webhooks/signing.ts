import crypto from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { open, seal } from '@/server/crypto/secret-box';

const SECRET_PURPOSE = 'webhook-signing-secret';

/** A Standard Webhooks secret: `whsec_` and the base64 of 32 random bytes. */
export function newSigningSecret(): string {
  return `whsec_${crypto.randomBytes(32).toString('base64')}`;
}

/** The secret is sealed under APP_SECRET, like the account secret: the server must sign with it. */
export function sealSigningSecret(secret: string, appSecret: string): string {
  return seal(secret, appSecret, SECRET_PURPOSE);
}

export function openSigningSecret(sealed: string, appSecret: string): string {
  return open(sealed, appSecret, SECRET_PURPOSE);
}

/** A `webhook-id`: unique per event and subscription, the same across its attempts and redeliveries. */
export function newWebhookId(): string {
  return `msg_${crypto.randomBytes(16).toString('base64url')}`;
}

/** The three Standard Webhooks headers for one attempt, signed with the maintained library. */
export function signedHeaders(input: { secret: string; webhookId: string; body: string; at: Date }): Record<string, string> {
  return {
    'webhook-id': input.webhookId,
    'webhook-timestamp': String(Math.floor(input.at.getTime() / 1000)),
    'webhook-signature': new Webhook(input.secret).sign(input.webhookId, input.at, input.body),
  };
}
