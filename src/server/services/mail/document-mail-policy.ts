import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db/client';
import { accounts } from '@/server/db/schema';
import type { BatchedWrite } from '@/server/db/batched-writes';
import { mailWrites, type OutgoingMail } from '@/server/mail/queue-mail';
import { mailBudgetMail } from '@/server/mail/templates';
import { metrics } from '@/server/observability/metrics';
import type { ServiceContext } from '../context';
import { countInWindows } from '../operations/rate-limits';

/** The kinds of event a document mails about (contract §1: one mail per address, document and kind an hour). */
export type DocumentMailKind = 'NAMED' | 'INSTRUCTION' | 'INSTRUCTION_RESPONSE' | 'IMPEDIMENT' | 'ROLE_REPLACED';

export interface PlannedMail {
  mail: OutgoingMail;
  /** Whether the address holds an account: only mails to addresses without one count against the budget. */
  hasAccount: boolean;
}

const HOUR_SECONDS = 3_600;
const DAY_SECONDS = 86_400;

/**
 * The mail rules of contract §1 for the mails a change of a document causes (issue 32: a draft queued 53 mails in
 * 0.17 s, 30 impediments 30 mails), decided in the change's transaction and returned as writes to queue:
 * - one address gets at most one mail per document and kind of event an hour (a counter per address, document and
 *   kind; `onceEver` when the caller already allows an address only once per document, as the "you are named" mail
 *   does);
 * - the account that causes them sends at most MAIL_BUDGET_PER_ACCOUNT_PER_DAY (500) a day to addresses without an
 *   account; the change is made whatever the budget, the mails over it are dropped, counted in
 *   `fds_mails_held_back_total`, and the account's owner is told once a day.
 * Counters are upserts in the caller's transaction, so two changes at once cannot both pass a limit, and a change
 * rolled back has mailed and counted nothing.
 */
export async function allowedDocumentMails(
  ctx: ServiceContext,
  db: DbOrTx,
  input: { documentId: string; kind: DocumentMailKind; causedBy: string | null; mails: PlannedMail[]; onceEver?: boolean },
): Promise<BatchedWrite[]> {
  const held = metrics().mailsHeldBack;
  const byAddress = new Map<string, PlannedMail>();
  for (const planned of input.mails) {
    const address = planned.mail.to.toLowerCase();
    if (byAddress.has(address)) held.inc({ kind: input.kind, reason: 'duplicate' });
    else byAddress.set(address, planned);
  }
  let planned = [...byAddress];
  const now = ctx.now();
  if (!input.onceEver && planned.length > 0) {
    const keyOf = (address: string) => `mail:${input.documentId}:${input.kind}:${addressHash(ctx, address)}`;
    const counted = await countInWindows(
      db,
      ctx.config,
      now,
      planned.map(([address]) => ({ key: keyOf(address), add: 1, windowSeconds: HOUR_SECONDS })),
    );
    planned = planned.filter(([address]) => {
      const first = counted.get(keyOf(address))?.hits === 1;
      if (!first) held.inc({ kind: input.kind, reason: 'duplicate' });
      return first;
    });
  }

  const budget = ctx.config.MAIL_BUDGET_PER_ACCOUNT_PER_DAY;
  const strangers = planned.filter(([, mail]) => !mail.hasAccount);
  const writes: BatchedWrite[] = [];
  if (input.causedBy && budget > 0 && strangers.length > 0) {
    const key = `mail-budget:${input.causedBy}`;
    const counted = await countInWindows(db, ctx.config, now, [{ key, add: strangers.length, windowSeconds: DAY_SECONDS }]);
    const before = counted.get(key)!.hits - strangers.length;
    const allowed = Math.max(0, Math.min(strangers.length, budget - before));
    const dropped = new Set(strangers.slice(allowed).map(([address]) => address));
    if (dropped.size > 0) {
      held.inc({ kind: input.kind, reason: 'budget' }, dropped.size);
      planned = planned.filter(([address]) => !dropped.has(address));
      writes.push(...(await ownerToldOnce(ctx, db, input.causedBy, now)));
    }
  }
  for (const [, { mail }] of planned) writes.push(...mailWrites(db, ctx.appSecret, mail).writes);
  return writes;
}

/** The budget's notice to the account's owner, at most once a day (contract §1). */
async function ownerToldOnce(ctx: ServiceContext, db: DbOrTx, accountId: string, now: Date): Promise<BatchedWrite[]> {
  const key = `mail-budget-told:${accountId}`;
  const counted = await countInWindows(db, ctx.config, now, [{ key, add: 1, windowSeconds: DAY_SECONDS }]);
  if (counted.get(key)!.hits !== 1) return [];
  const [owner] = await db.select({ email: accounts.email, locale: accounts.locale }).from(accounts).where(eq(accounts.id, accountId));
  if (!owner) return [];
  return mailWrites(db, ctx.appSecret, mailBudgetMail({ locale: owner.locale, to: owner.email, limit: ctx.config.MAIL_BUDGET_PER_ACCOUNT_PER_DAY })).writes;
}

/** Counters keep addresses only as keyed hashes, as document_mail_recipients does. */
function addressHash(ctx: ServiceContext, address: string): string {
  return crypto.createHmac('sha256', ctx.appSecret).update(`document-mail|${address}`).digest('base64url');
}

export interface MailSender {
  accountNumber: string;
  /** The sender's party name in the document (contract §1), else its account name. */
  partyName: string;
  /**
   * Whether partyName is a party of the document the sender holds. Contract §1 names the sender by that party name
   * and the account number, also to addresses without an account; an account name is free text the sender chose and
   * goes to account holders only (issue 32: an account named "Claim your refund at https://…").
   */
  partyInDocument: boolean;
}

/**
 * How a mail names the account that caused it (contract §1): by its party name in the document (the first role it
 * holds there other than the submitter's, else the submitter's) and its account number.
 */
export async function mailSenderOf(
  db: DbOrTx,
  accountId: string,
  roles: readonly { role: string; accountId: string | null; party: Record<string, unknown> | null }[],
): Promise<MailSender> {
  const [account] = await db
    .select({ id: accounts.id, accountNumber: accounts.accountNumber, name: accounts.name })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return mailSenderFrom(account ?? { id: accountId, accountNumber: '', name: '' }, roles);
}

/** mailSenderOf for a caller that has read the account already. */
export function mailSenderFrom(
  account: { id: string; accountNumber: string; name: string },
  roles: readonly { role: string; accountId: string | null; party: Record<string, unknown> | null }[],
): MailSender {
  const held = roles.filter((role) => role.accountId === account.id);
  // A party of the consignment (consignor, consignee, carrier …) the sender holds. The submitter's own entry is not
  // one: its name is the account's, free text the sender chose, so it never reaches an address without an account.
  const party = held.find((role) => role.role !== 'SUBMITTER' && typeof role.party?.name === 'string' && role.party.name.length > 0);
  if (party) return { accountNumber: account.accountNumber, partyName: party.party!.name as string, partyInDocument: true };
  const submitted = held[0]?.party?.name;
  return { accountNumber: account.accountNumber, partyName: typeof submitted === 'string' && submitted ? submitted : account.name, partyInDocument: false };
}
