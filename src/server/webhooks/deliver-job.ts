import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { getAppSecret } from '@/server/crypto/app-secret';
import { webhookDeliveries, webhookDeliveryAttempts, webhookSubscriptions } from '@/server/db/schema';
import { queryRows } from '@/server/db/rows';
import { JOB_KINDS, type JobContext, type JobPayload } from '@/server/jobs/kinds';
import { metrics } from '@/server/observability/metrics';
import { checkCallbackAddress } from './callback-address';
import { postWebhook, type PostOutcome } from './post-webhook';
import { openSigningSecret, signedHeaders } from './signing';

const INTERRUPTED = 'interrupted: the server stopped before an answer';

/**
 * Job `webhook.deliver`: one attempt of one delivery. The attempt is recorded before the request goes out (only
 * one worker can record attempt n), then completed with its outcome; success ends the delivery, the last
 * failed attempt marks it FAILED, other failures are retried by the queue after WEBHOOK_RETRY_DELAYS_MS. A job
 * run again after its worker died (at-least-once) sends the same body under the same `webhook-id`.
 */
export async function deliverWebhook({ deliveryId }: JobPayload<'webhook.deliver'>, { db, config, signal, attempt }: JobContext) {
  const [delivery] = await db
    .select({
      state: webhookDeliveries.state,
      webhookId: webhookDeliveries.webhookId,
      body: webhookDeliveries.body,
      callbackUrl: webhookSubscriptions.callbackUrl,
      signingSecretSealed: webhookSubscriptions.signingSecretSealed,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookSubscriptions, eq(webhookSubscriptions.id, webhookDeliveries.subscriptionId))
    .where(eq(webhookDeliveries.id, deliveryId));
  // Gone with its subscription, or finished by an earlier run of this job.
  if (!delivery || delivery.state !== 'PENDING') return;

  const startedAt = new Date();
  const claimed = await queryRows(
    db,
    sql`insert into webhook_delivery_attempts (delivery_id, attempt, started_at) values (${deliveryId}, ${attempt}, ${startedAt.toISOString()}::timestamptz)
        on conflict do nothing returning attempt`,
  );
  if (claimed.length === 0) throw new Error(`attempt ${attempt} was made already`);
  await db
    .update(webhookDeliveryAttempts)
    .set({ error: INTERRUPTED })
    .where(
      and(
        eq(webhookDeliveryAttempts.deliveryId, deliveryId),
        lt(webhookDeliveryAttempts.attempt, attempt),
        isNull(webhookDeliveryAttempts.httpStatus),
        isNull(webhookDeliveryAttempts.error),
      ),
    );

  const outcome = await attemptOnce({
    ...delivery,
    allowPrivate: config.WEBHOOK_ALLOW_PRIVATE_NETWORKS,
    appSecret: await getAppSecret(db, config),
    signal,
    timeoutMs: config.WEBHOOK_TIMEOUT_MS,
  });
  metrics().webhookAttempts.inc({ outcome: outcome.ok ? 'delivered' : outcome.httpStatus !== undefined ? 'http_error' : 'failed' });
  const finalState = outcome.ok ? 'DELIVERED' : attempt >= JOB_KINDS['webhook.deliver'].maxAttempts ? 'FAILED' : undefined;
  await db.transaction(async (tx) => {
    // The delivery row first, then its attempt: the order in which deleting the subscription cascades through
    // them. The other order deadlocked with a DELETE of the subscription arriving just as an attempt ended (500).
    await tx.select({ id: webhookDeliveries.id }).from(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryId)).for('update');
    await tx
      .update(webhookDeliveryAttempts)
      .set({ httpStatus: outcome.httpStatus ?? null, error: outcome.ok ? null : outcome.error, durationMs: Date.now() - startedAt.getTime() })
      .where(and(eq(webhookDeliveryAttempts.deliveryId, deliveryId), eq(webhookDeliveryAttempts.attempt, attempt)));
    if (finalState) await tx.update(webhookDeliveries).set({ state: finalState }).where(eq(webhookDeliveries.id, deliveryId));
  });
  if (!outcome.ok) throw new Error(outcome.error);
}

async function attemptOnce(input: {
  webhookId: string;
  body: string;
  callbackUrl: string;
  signingSecretSealed: string;
  allowPrivate: boolean;
  appSecret: string;
  signal: AbortSignal;
  timeoutMs: number;
}): Promise<PostOutcome> {
  const url = new URL(input.callbackUrl);
  // Checked again at every attempt, and the request goes to the address just checked.
  const checked = await checkCallbackAddress(url, { allowPrivate: input.allowPrivate });
  if (!checked.ok) {
    return {
      ok: false,
      error: checked.reason === 'UNRESOLVABLE' ? 'the callback host name does not resolve' : 'the callback host resolves to a non-public address',
    };
  }
  const headers = signedHeaders({
    secret: openSigningSecret(input.signingSecretSealed, input.appSecret),
    webhookId: input.webhookId,
    body: input.body,
    at: new Date(),
  });
  return postWebhook({ url, target: checked.target, headers, body: input.body, signal: input.signal, timeoutMs: input.timeoutMs });
}
