import { asc, eq, inArray } from 'drizzle-orm';
import type { FreightDocumentResponse } from '@/lib/schemas/freight-document-response';
import type { DbOrTx } from '@/server/db/client';
import { accounts, documentCommits } from '@/server/db/schema';
import { publicUrl } from '@/server/config/env';
import type { ServiceContext } from '../context';
import { callerEnvelopeOf } from '../access/caller-envelope';
import { loadOwnAccountDelegations } from '../delegations/delegate-views';
import { countOwnSubscriptions } from '../subscriptions/subscription-counts';
import { callerHasPermission, type LoadedDocument } from '../access/load-document';
import { loadCurrentAttachments } from './attachment-columns';
import { loadTransferSecrets } from '../transfers/transfer-secrets';
import { quoteIssue } from './credits';
import { accountsOfRecords, documentContentJson, type AccountSummary } from './document-json';
import { loadTransferRecords } from './snapshot';
import { listAccesses } from '../verification/list-accesses';

/** The accounts that documents and their updates name, by id, in one query. */
export async function loadPeople(db: DbOrTx, accountIds: (string | null)[]): Promise<Map<string, AccountSummary>> {
  const unique = [...new Set(accountIds.filter((id): id is string => !!id))];
  if (unique.length === 0) return new Map();
  const people = await db
    .select({ accountId: accounts.id, accountNumber: accounts.accountNumber, email: accounts.email, name: accounts.name, phoneNumber: accounts.phoneNumber })
    .from(accounts)
    .where(inArray(accounts.id, unique));
  return new Map(people.map((person) => [person.accountId, person]));
}

/** Whether the caller could pay for issuing this draft now; asked only where issuing is possible at all. */
async function canPayForIssue(ctx: ServiceContext, loaded: LoadedDocument): Promise<boolean | undefined> {
  if (loaded.document.status !== 'DRAFT' || !callerHasPermission(loaded, 'UPDATE')) return undefined;
  return (await quoteIssue(ctx, ctx.db, loaded.access.accountId)).canPay;
}

/**
 * The content of a document with its history (spec §2.3), the same for every reader: what the serializer below
 * merges with the caller's envelope, and what the PDF prints.
 */
export async function loadDocumentContent(ctx: ServiceContext, loaded: LoadedDocument) {
  const { document } = loaded;
  const [commits, files, records] = await Promise.all([
    ctx.db.select().from(documentCommits).where(eq(documentCommits.documentId, document.id)).orderBy(asc(documentCommits.sequence)),
    loadCurrentAttachments(ctx.db, document.id),
    loadTransferRecords(ctx.db, document.id),
  ]);
  const people = await loadPeople(ctx.db, [document.submitterAccountId, ...commits.map((commit) => commit.accountId), ...accountsOfRecords(records)]);
  return documentContentJson({ document, roles: loaded.roles, people, history: { commits, files, records } });
}

/** The public verification page's address for a document (contract §9): no document id in it. */
export function verificationUrlOf(ctx: ServiceContext, document: LoadedDocument['document']): string {
  return `${publicUrl(ctx.config)}/verify/${document.verificationToken}`;
}

/**
 * The one serializer of a freight document (spec §2.3): the content every reader shares, merged with the
 * caller's envelope. REST, tRPC, the PDF and the PGP output all use it.
 */
export async function serializeDocument(ctx: ServiceContext, loaded: LoadedDocument): Promise<FreightDocumentResponse> {
  const { document } = loaded;
  const { accountId } = loaded.access;
  const [content, secrets, ownAccountDelegations, subscriptionCounts, accesses] = await Promise.all([
    loadDocumentContent(ctx, loaded),
    loadTransferSecrets(ctx, ctx.db, document.id),
    loadOwnAccountDelegations(ctx.db, accountId),
    countOwnSubscriptions(ctx.db, accountId, [document.id]),
    listAccesses(ctx.db, document.id),
  ]);
  return {
    ...content,
    ...callerEnvelopeOf(
      loaded,
      { canPayForIssue: await canPayForIssue(ctx, loaded), now: ctx.now() },
      { ownAccountDelegations, subscriptionCount: subscriptionCounts.get(document.id), secrets },
    ),
    verificationUrl: verificationUrlOf(ctx, document),
    accesses,
  };
}
