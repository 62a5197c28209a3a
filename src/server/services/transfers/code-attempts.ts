import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { DEFAULT_LOCALE } from '@/lib/i18n/locales';
import { TFA_ATTEMPT_WINDOW_SECONDS, TFA_MAX_WRONG_CODES } from '@/lib/domain/tfa';
import { isRefusal, resolveTransfer, type Transfer, type TransferAction } from '@/lib/domain/transfers';
import { publicUrl } from '@/server/config/env';
import { accounts, documentRoles, transferSecrets } from '@/server/db/schema';
import { codeLockMail } from '@/server/mail/code-lock-template';
import { pdfZones } from '@/server/pdf/format';
import { queueMail } from '@/server/mail/queue-mail';
import { fail, ServiceError } from '@/server/errors';
import { requireAccountId, type ServiceContext } from '../context';
import { recordCounterParty } from '@/lib/domain/action-rules';
import { authorize, loadAccessibleDocument } from '../document/load-document';
import { situationOf } from '@/lib/domain/situations';
import { WRONG_RESPONSE_CODE } from './check-response-code';

/** One counted attempt: settle it once the approval has been judged. */
export interface CodeAttempt {
  /** The code was wrong: the attempt stays counted (and the counter parties hear of a lock once). */
  wrong(): Promise<void>;
  /** The code was right, or the request failed for another reason: the attempt is given back. */
  release(): Promise<void>;
}

/**
 * Whether an approval failed because its response code was wrong (the only failure that counts). A right version 1
 * code refused because TFA_ACCEPT_V1 is off carries another description: contract §8 does not count it.
 */
export function isWrongCode(error: unknown): boolean {
  return error instanceof ServiceError && error.items.some((item) => item.field === 'evidence.responseCode' && item.description === WRONG_RESPONSE_CODE);
}

/**
 * Contract §8's attempt limit: at most 5 wrong response codes per transfer in 15 minutes, then 429 `1.10` for
 * every code until the window ends. The attempt is counted BEFORE the code is checked, with one atomic UPDATE of the
 * transfer's row (outside the approval's transaction, which a wrong code rolls back), so concurrent guesses on
 * any number of instances cannot pass the limit together; attempts that were not wrong are given back after.
 * Returns undefined when the request names no transfer the caller may record for: the approval refuses it anyway.
 */
export async function countCodeAttempt(
  ctx: ServiceContext,
  input: { freightDocumentId: string; action: TransferAction; counterPartyRoleId?: string },
): Promise<CodeAttempt | undefined> {
  const loaded = await loadAccessibleDocument(ctx.db, requireAccountId(ctx), input.freightDocumentId);
  try {
    authorize(loaded, recordCounterParty(input.action));
  } catch {
    return undefined;
  }
  const transfer = resolveTransfer(situationOf(loaded.document, loaded.roles, loaded.approvals), input.action, input.counterPartyRoleId);
  if (isRefusal(transfer)) return undefined;

  const row = and(
    eq(transferSecrets.documentId, loaded.document.id),
    eq(transferSecrets.action, transfer.action),
    eq(transferSecrets.roleId, transfer.action === 'CARRIER_TO_CARRIER' ? (transfer.toRoleId ?? '') : ''),
  );
  const now = ctx.now();
  const windowMs = TFA_ATTEMPT_WINDOW_SECONDS * 1000;
  const expired = sql`(${transferSecrets.codeWindowStartedAt} is null or ${transferSecrets.codeWindowStartedAt} <= ${new Date(now.getTime() - windowMs).toISOString()}::timestamptz)`;
  const [counted] = await ctx.db
    .update(transferSecrets)
    .set({
      codeAttempts: sql`case when ${expired} then 1 else ${transferSecrets.codeAttempts} + 1 end`,
      codeLockNotified: sql`case when ${expired} then false else ${transferSecrets.codeLockNotified} end`,
      codeWindowStartedAt: sql`case when ${expired} then ${now.toISOString()}::timestamptz else ${transferSecrets.codeWindowStartedAt} end`,
    })
    .where(row)
    .returning({ attempts: transferSecrets.codeAttempts, windowStartedAt: transferSecrets.codeWindowStartedAt });
  if (!counted?.windowStartedAt) return undefined;
  const windowStartedAt = counted.windowStartedAt;
  const windowEnd = windowStartedAt.getTime() + windowMs;
  if (counted.attempts > TFA_MAX_WRONG_CODES) {
    fail('1.10', undefined, {
      rateLimited: true,
      retryAfterSeconds: Math.max(1, Math.ceil((windowEnd - now.getTime()) / 1000)),
      description: 'Too many wrong response codes for this transfer; try again after the time in Retry-After.',
    });
  }
  const sameWindow = and(row, eq(transferSecrets.codeWindowStartedAt, windowStartedAt));
  return {
    release: async () => {
      await ctx.db
        .update(transferSecrets)
        .set({ codeAttempts: sql`${transferSecrets.codeAttempts} - 1` })
        .where(and(sameWindow, gt(transferSecrets.codeAttempts, 0)));
    },
    wrong: async () => {
      // The one request that flips the flag sends the notice: once per window, however many instances.
      const [locked] = await ctx.db
        .update(transferSecrets)
        .set({ codeLockNotified: true })
        .where(and(sameWindow, eq(transferSecrets.codeLockNotified, false), sql`${transferSecrets.codeAttempts} >= ${TFA_MAX_WRONG_CODES}`))
        .returning({ attempts: transferSecrets.codeAttempts });
      if (locked) await notifyCounterParties(ctx, { ...loaded.document, transfer, wrongCodes: locked.attempts, lockedUntil: new Date(windowEnd) });
    },
  };
}

/** E-mails every holder of the transfer's counter-party roles (pending holders at their address), one mail each. */
async function notifyCounterParties(
  ctx: ServiceContext,
  input: { id: string; serviceNumber: string; content: Record<string, unknown>; transfer: Transfer; wrongCodes: number; lockedUntil: Date },
) {
  if (input.transfer.counterParty.length === 0) return;
  const holders = await ctx.db
    .select({ roleEmail: documentRoles.email, accountEmail: accounts.email, locale: accounts.locale })
    .from(documentRoles)
    .leftJoin(accounts, eq(accounts.id, documentRoles.accountId))
    .where(inArray(documentRoles.id, input.transfer.counterParty));
  const recipients = new Map<string, (typeof holders)[number]['locale']>();
  for (const holder of holders) {
    const address = holder.accountEmail ?? holder.roleEmail;
    if (address && !recipients.has(address.toLowerCase())) recipients.set(address.toLowerCase(), holder.locale);
  }
  const documentUrl = `${publicUrl(ctx.config)}/documents/${input.id}`;
  // The time in the transfer's place's zone, as page 1 of the PDF prints the transfer's times.
  const timeZone = pdfZones(input.content as Parameters<typeof pdfZones>[0])[input.transfer.action];
  for (const [to, locale] of recipients) {
    await queueMail(
      ctx.db,
      ctx.appSecret,
      codeLockMail({
        locale: locale ?? DEFAULT_LOCALE,
        to,
        serviceNumber: input.serviceNumber,
        action: input.transfer.action,
        wrongCodes: input.wrongCodes,
        lockedUntil: input.lockedUntil,
        timeZone,
        documentUrl,
      }),
    );
  }
}
