import crypto from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { COUNTER_PARTY_ROLES_OF } from '@/lib/domain/counter-party-approval';
import type { TransferAction } from '@/lib/domain/transfers';
import { DEFAULT_LOCALE, type Locale } from '@/lib/i18n/locales';
import { publicUrl } from '@/server/config/env';
import type { DbOrTx } from '@/server/db/client';
import { accounts, documentMailRecipients, freightDocuments } from '@/server/db/schema';
import { runWrites, type BatchedWrite } from '@/server/db/batched-writes';
import { namedInDocumentMail } from '@/server/mail/templates';
import type { ServiceContext } from '../context';
import { allowedDocumentMails, type MailSender } from '../mail/document-mail-policy';
import type { KnownRecipient } from './parties';

interface Holder {
  role: string;
  accountId: string | null;
  email: string | null;
}

/**
 * One e-mail per person named on the document (spec §1, §6.7), listing all their roles, and only once per address
 * and document (a role added later to someone already mailed sends nothing more); pending holders
 * (e-mail only) are also told that they can create an account. Queued in the caller's transaction. Each mail
 * is in its recipient's language; people without an account get the submitter's, who most likely shares it.
 */
export async function notifyRoleHolders(ctx: ServiceContext, db: DbOrTx, input: RoleHolderNotice) {
  await runWrites(db, await roleHolderMails(ctx, db, input));
}

interface RoleHolderNotice {
  documentId: string;
  serviceNumber: string;
  /** The account whose change names them: named in the mails (contract §1) and charged with their budget. */
  causedBy: string;
  sender: MailSender;
  holders: Holder[];
  /** Accounts the caller has already read (by id), and the submitter's language if known: not read again. */
  knownAccounts?: ReadonlyMap<string, KnownRecipient>;
  submitterLocale?: Locale;
  /** The document is being created: nobody has been mailed about it yet, so the record needs no read (issue 24). */
  newDocument?: boolean;
}

/** The mails of notifyRoleHolders as writes (after the reads they need), for a caller that sends them with its own statement. */
export async function roleHolderMails(ctx: ServiceContext, db: DbOrTx, input: RoleHolderNotice): Promise<BatchedWrite[]> {
  const holders = input.holders.filter((holder) => holder.role !== 'SUBMITTER' && (holder.accountId || holder.email));
  const recipients = new Map<string, KnownRecipient>(input.knownAccounts ?? []);
  const unknownIds = [...new Set(holders.map((holder) => holder.accountId).filter((id): id is string => !!id && !recipients.has(id)))];
  if (unknownIds.length > 0) {
    const rows = await db.select({ id: accounts.id, email: accounts.email, locale: accounts.locale }).from(accounts).where(inArray(accounts.id, unknownIds));
    for (const row of rows) recipients.set(row.id, row);
  }
  const submitterLocale = holders.some((holder) => !holder.accountId)
    ? (input.submitterLocale ?? (await submitterLocaleOf(db, input.documentId)))
    : DEFAULT_LOCALE;
  const byRecipient = new Map<string, { roles: Set<string>; hasAccount: boolean; locale: Locale }>();
  for (const holder of holders) {
    const account = holder.accountId ? recipients.get(holder.accountId) : undefined;
    const address = holder.accountId ? account?.email : holder.email;
    if (!address) continue;
    const key = address.toLowerCase();
    const entry = byRecipient.get(key) ?? { roles: new Set<string>(), hasAccount: !!holder.accountId, locale: account?.locale ?? submitterLocale };
    entry.roles.add(holder.role);
    byRecipient.set(key, entry);
  }
  const base = publicUrl(ctx.config);
  const writes: BatchedWrite[] = [];
  const addresses = [...byRecipient.keys()];
  if (input.newDocument) writes.push(...mailedRecorded(ctx, db, input.documentId, addresses));
  else for (const to of await alreadyMailed(ctx, db, input.documentId, addresses)) byRecipient.delete(to);
  const mails = [...byRecipient].map(([to, entry]) => ({
    hasAccount: entry.hasAccount,
    mail: namedInDocumentMail({
      locale: entry.locale,
      to,
      roles: [...entry.roles],
      serviceNumber: input.serviceNumber,
      sender: input.sender,
      documentUrl: `${base}/documents/${input.documentId}`,
      signupUrl: entry.hasAccount ? undefined : `${base}/signup?email=${encodeURIComponent(to)}`,
      approve: approvalOfRoles(entry, { url: `${base}/documents/${input.documentId}/approve`, respondUrl: `${base}/respond` }),
    }),
  }));
  // Contract §1: an address hears of a document once (above), and the causing account's daily budget holds.
  writes.push(...(await allowedDocumentMails(ctx, db, { documentId: input.documentId, kind: 'NAMED', causedBy: input.causedBy, mails, onceEver: true })));
  return writes;
}

/**
 * Records the addresses as mailed about this document and returns those that were already (issue 20: a PUT that
 * removed and added an address mailed it each time). One statement, so two saves at once mail an address once.
 */
async function alreadyMailed(ctx: ServiceContext, db: DbOrTx, documentId: string, addresses: string[]): Promise<string[]> {
  if (addresses.length === 0) return [];
  const hashes = new Map(addresses.map((address) => [mailedAddressHash(ctx, address), address]));
  const fresh = await db
    .insert(documentMailRecipients)
    .values([...hashes.keys()].map((addressHash) => ({ documentId, addressHash })))
    .onConflictDoNothing()
    .returning({ addressHash: documentMailRecipients.addressHash });
  const freshHashes = new Set(fresh.map((row) => row.addressHash));
  return [...hashes].filter(([hash]) => !freshHashes.has(hash)).map(([, address]) => address);
}

/** The record of alreadyMailed as a write, for a new document. */
function mailedRecorded(ctx: ServiceContext, db: DbOrTx, documentId: string, addresses: string[]): BatchedWrite[] {
  if (addresses.length === 0) return [];
  const rows = addresses.map((address) => ({ documentId, addressHash: mailedAddressHash(ctx, address) }));
  return [db.insert(documentMailRecipients).values(rows).onConflictDoNothing()];
}

function mailedAddressHash(ctx: ServiceContext, address: string): string {
  return crypto.createHmac('sha256', ctx.appSecret).update(`document-mail|${address}`).digest('base64url');
}

/**
 * The transfer a named counter party approves, first in the journey's order, with its pages (the approval, and the
 * phone's code page for a two-factor approval at the truck); only people who can sign in to approve.
 */
function approvalOfRoles(
  entry: { roles: Set<string>; hasAccount: boolean },
  pages: { url: string; respondUrl: string },
): { action: TransferAction; url: string; respondUrl: string } | undefined {
  if (!entry.hasAccount) return undefined;
  const action = COUNTER_PARTY_ROLES_OF.find(([, roles]) => roles.some((role) => entry.roles.has(role)))?.[0];
  return action ? { action, ...pages } : undefined;
}

async function submitterLocaleOf(db: DbOrTx, documentId: string): Promise<Locale> {
  const [row] = await db
    .select({ locale: accounts.locale })
    .from(freightDocuments)
    .innerJoin(accounts, eq(accounts.id, freightDocuments.submitterAccountId))
    .where(eq(freightDocuments.id, documentId));
  return row?.locale ?? DEFAULT_LOCALE;
}
