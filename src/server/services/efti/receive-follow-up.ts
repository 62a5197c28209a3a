import { and, eq, isNotNull } from 'drizzle-orm';
import { CONTENT_TYPE_FIELD } from '@/lib/errors/catalogue';
import { isUnsafeText } from '@/lib/text/unsafe-text';
import { publicUrl } from '@/server/config/env';
import type { Transaction } from '@/server/db/client';
import { accounts, documentRoles, freightDocuments } from '@/server/db/schema';
import { queueMail } from '@/server/mail/queue-mail';
import { eftiFollowUpMail } from '@/server/mail/efti-follow-up-template';
import { inTransaction, type ServiceContext } from '../context';
import { eventBody, queueDeliveries, subscriptionsReachingQuery } from '../document/queue-delivery';
import { queryRows } from '@/server/db/rows';
import { SERVED_STATUSES, documentOfDataset } from './dataset-source';
import { recordGateAccess, refusal, type GateAnswer } from './gate-answer';

/** Contract §15: a follow-up is 1–10,000 characters of text/plain. */
export const MAX_FOLLOW_UP_CHARACTERS = 10_000;

/** Webhook `event` of a follow-up (contract §15), sent with the document's unchanged status. */
export const FOLLOW_UP_EVENT = 'EFTI_FOLLOW_UP';

function validationOf(input: { text: string; contentType: string | null }): GateAnswer | undefined {
  if (!/^text\/plain(\s*;|$)/i.test(input.contentType?.trim() ?? '')) return refusal('2.6', CONTENT_TYPE_FIELD);
  if (isUnsafeText(input.text)) return refusal('3.17', 'body');
  const characters = [...input.text].length;
  if (characters < 1 || characters > MAX_FOLLOW_UP_CHARACTERS) return refusal('3.2', 'body');
  return undefined;
}

/**
 * `POST /v0/consignments/{datasetId}/follow-up` (contract §15): an authority's message about the consignment → 204. It
 * is recorded as an access with its text, e-mailed to every role holder with an account, and delivered to the
 * document's subscribers with `event` EFTI_FOLLOW_UP, in one transaction. Refusals as the gate's GET; each answer about
 * an existing document is recorded too.
 */
export async function receiveFollowUp({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { datasetId: string; text: string; contentType: string | null; requestId: string | null };
}): Promise<GateAnswer> {
  return inTransaction(ctx, async (tx) => {
    const document = await documentOfDataset(tx, input.datasetId);
    const answer = validationOf(input) ?? (document && SERVED_STATUSES.has(document.status) ? { status: 204, body: '' } : refusal('4.47'));
    if (!document) return answer;
    const delivered = answer.status === 204;
    await recordGateAccess(tx, {
      documentId: document.id,
      type: 'EFTI_FOLLOW_UP',
      at: ctx.now(),
      requestId: input.requestId,
      subsets: [],
      answer,
      ...(delivered ? { message: input.text } : {}),
    });
    if (delivered) await tellRoleHolders(ctx, tx, document, input.text);
    return answer;
  });
}

async function tellRoleHolders(ctx: ServiceContext, tx: Transaction, document: { id: string; status: string }, text: string) {
  const [row] = await tx.select({ serviceNumber: freightDocuments.serviceNumber }).from(freightDocuments).where(eq(freightDocuments.id, document.id));
  const holders = await tx
    .selectDistinct({ email: accounts.email, locale: accounts.locale })
    .from(documentRoles)
    .innerJoin(accounts, eq(accounts.id, documentRoles.accountId))
    .where(and(eq(documentRoles.documentId, document.id), isNotNull(documentRoles.accountId)));
  const documentUrl = `${publicUrl(ctx.config)}/documents/${document.id}`;
  for (const holder of holders) {
    await queueMail(
      tx,
      ctx.appSecret,
      eftiFollowUpMail({ locale: holder.locale, to: holder.email, serviceNumber: row!.serviceNumber, message: text, documentUrl }),
    );
  }
  const subscriptions = await queryRows<{ id: string }>(tx, subscriptionsReachingQuery(document.id));
  const body = eventBody(document.id, document.status, FOLLOW_UP_EVENT);
  await queueDeliveries(
    tx,
    subscriptions.map((subscription) => ({ subscriptionId: subscription.id, body })),
  );
}
