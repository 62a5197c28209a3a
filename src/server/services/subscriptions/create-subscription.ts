import { count, eq } from 'drizzle-orm';
import { createSubscriptionInput, type CreateSubscriptionInput, type SubscriptionScope } from '@/lib/schemas/subscriptions';
import { accounts, webhookSubscriptions } from '@/server/db/schema';
import { newId } from '@/server/crypto/tokens';
import { fail, parseInput } from '@/server/errors';
import { checkCallbackAddress } from '@/server/webhooks/callback-address';
import { newSigningSecret, sealSigningSecret } from '@/server/webhooks/signing';
import { inTransaction, requireAccountId, type ServiceContext } from '../context';
import { subscriptionScopeOf } from './subscription-scope';

/** Spec §6.5, §8: at most 10 subscriptions per resource (per caller and document, or per caller account-wide). */
export const MAX_SUBSCRIPTIONS_PER_RESOURCE = 10;

/** What a 4.14 for the address (not the form) of a callback URL says, so that an integrator sees why (contract §11). */
const CALLBACK_REFUSALS = {
  NOT_PUBLIC:
    'Callback URL leads to a loopback, private or link-local address: only public addresses are called (an operator may allow private ones with WEBHOOK_ALLOW_PRIVATE_NETWORKS=true).',
  UNRESOLVABLE: 'Callback URL host does not resolve to an address.',
} as const;

/**
 * POST /freightdocuments/{id}/subscriptions and POST /accounts/users/me/subscriptions (contract §11). The
 * callback URL must be http(s), at most 255 characters and (unless WEBHOOK_ALLOW_PRIVATE_NETWORKS) lead only to
 * public addresses (4.14); the 11th of a resource is 4.15. The signing secret is answered here and never again.
 */
export async function createSubscription({ ctx, input }: { ctx: ServiceContext; input: SubscriptionScope & CreateSubscriptionInput }) {
  const { callbackUrl } = parseInput(createSubscriptionInput, { callbackUrl: input.callbackUrl });
  const accountId = requireAccountId(ctx);
  // Resolved outside the transaction: a slow name server must not hold locks.
  const address = await checkCallbackAddress(new URL(callbackUrl), { allowPrivate: ctx.config.WEBHOOK_ALLOW_PRIVATE_NETWORKS });
  const signingSecret = newSigningSecret();
  const subscriptionId = newId();
  await inTransaction(ctx, async (tx) => {
    const { where } = await subscriptionScopeOf(tx, accountId, input);
    if (!address.ok) fail('4.14', 'callbackUrl', { description: CALLBACK_REFUSALS[address.reason] });
    // The account row serialises its subscription requests, so two at once cannot both be the 10th.
    await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).for('update');
    const [existing] = await tx.select({ n: count() }).from(webhookSubscriptions).where(where);
    if ((existing?.n ?? 0) >= MAX_SUBSCRIPTIONS_PER_RESOURCE) fail('4.15');
    await tx.insert(webhookSubscriptions).values({
      id: subscriptionId,
      accountId,
      documentId: input.freightDocumentId,
      callbackUrl,
      signingSecretSealed: sealSigningSecret(signingSecret, ctx.appSecret),
      createdAt: ctx.now(),
    });
  });
  return { subscriptionId, callbackUrl, signingSecret };
}
