import { eq } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Actor } from '@/lib/domain/actor';
import { MAX_COMMITS_PER_DOCUMENT } from '@/lib/domain/document-limits';
import type { LegalEvent } from '@/lib/domain/legal-events';
import { fail } from '@/server/errors';
import type { BatchedWrite } from '@/server/db/batched-writes';
import type { Transaction } from '@/server/db/client';
import { documentApprovals, documentRoles } from '@/server/db/schema';
import { inTransaction, requireAccountId, type ServiceContext } from '../context';
import { loadAccessibleDocument, type HeldRole, type LoadedDocument } from './load-document';
import { checkPreviousCommits, type ChangeType } from './commits';
import { keepChainCheckWarm } from './check-document-chain';
import { writeCommit } from './commit-writer';
import { serializeDocument } from './serialize-document';
import { queueIdentifierUpload } from './queue-identifier-upload';
import type { DocumentRow } from './rows';

/**
 * When a change happens: on the server (once the document is locked), and on the client: dated back by the
 * `secondsSinceCreation` it sent, else the server's time (contract §7: never null).
 */
export interface ChangeTimes {
  serverTime: Date;
  clientTime: Date;
}

/**
 * The change's times (contract §6, §7): an offline device dates its change back by `secondsSinceCreation`, but never
 * before the newest commit it saw (`seenAt`): it saw that commit, so it was made after it (3.6). The legal windows
 * count from the client time, so this is their lower bound.
 */
export function changeTimes(serverTime: Date, secondsSinceCreation: number | undefined, seenAt: Date): ChangeTimes {
  if (secondsSinceCreation === undefined) return { serverTime, clientTime: serverTime };
  const clientTime = new Date(serverTime.getTime() - Math.round(secondsSinceCreation * 1000));
  if (clientTime.getTime() < seenAt.getTime())
    fail('3.6', 'secondsSinceCreation', { description: 'The change cannot be dated before the newest change it names in previousCommits.' });
  return { serverTime, clientTime };
}

export interface DocumentChange {
  /** Columns to set on the document (status, content, dates…). */
  set?: Partial<Omit<DocumentRow, 'id' | 'headCommits' | 'lastModifiedDateTime'>>;
  changesStructuredGoods?: boolean;
  /** The change added or edited roles (PUT): the commit's snapshot reads them again. */
  changesRoles?: boolean;
  /** The role the caller acted in (from `authorize`): a delegate's commit records the delegation. */
  actingAs?: HeldRole;
  /** Another actor than the caller (a signer on glass, the system). */
  actor?: Actor;
  /** The change inserted approvals or comments, which the commit writer gives this commit's id. */
  addsRecords?: boolean;
  /** The legal event of contract §14 the change records (an event row and webhook deliveries). */
  legalEvent?: LegalEvent;
  /** The change added or removed no attachment: the commit writer takes them from the load instead of reading them again. */
  attachmentsUnchanged?: boolean;
  /** Writes of the change that need nothing back: sent with the commit's statement (issue 24). */
  writes?: BatchedWrite[];
}

/** The caller as the actor of a change made in `role` (or, without one, in the first role the caller holds). */
export function callerActor(loaded: LoadedDocument, role: HeldRole | undefined = loaded.access.held[0]): Actor {
  const { accountId, held } = loaded.access;
  if (!role || role.via === 'HOLDER' || held.some((candidate) => candidate.via === 'HOLDER' && candidate.role === role.role)) {
    return { kind: 'ACCOUNT', accountId };
  }
  return { kind: 'DELEGATE', accountId, role: role.role, delegationId: role.delegationId! };
}

/**
 * The frame every change of an existing document runs in: one transaction that locks the document (4.47
 * when the caller cannot see it), checks the caller's previousCommits before anything is applied, applies
 * the action's rule (`apply`), and hands the result to the commit writer. Actions supply only their rule.
 */
export async function mutateDocument(
  ctx: ServiceContext,
  input: {
    freightDocumentId: string;
    changeType: ChangeType;
    previousCommits?: string[];
    requirePreviousCommits?: boolean;
    /** How long ago the client made the change (an offline device): the commit's client time is dated back by as much. */
    secondsSinceCreation?: number;
    apply: (loaded: LoadedDocument, tx: Transaction, times: ChangeTimes) => Promise<DocumentChange>;
  },
): Promise<LoadedDocument & { commitId: string }> {
  const accountId = requireAccountId(ctx);
  const changed = await inTransaction(ctx, async (tx) => {
    const loaded = await loadAccessibleDocument(tx, accountId, input.freightDocumentId, { forUpdate: true });
    // Contract §14: a note replaced by a paper consignment note changes no more, whatever the change.
    if (loaded.document.replacedByPaper) fail('4.63');
    // Contract §1: a document holds at most so many commits.
    if ((loaded.change?.commitCount ?? 0) >= MAX_COMMITS_PER_DOCUMENT)
      fail('4.2', 'previousCommits', { description: `A freight document holds at most ${MAX_COMMITS_PER_DOCUMENT.toLocaleString('en')} commits.` });
    const seen = await checkPreviousCommits(tx, loaded.document.id, input.previousCommits, input.requirePreviousCommits ?? false);
    // Without previousCommits the change follows the current heads: the newest of them is the document's last change.
    const times = changeTimes(ctx.now(), input.secondsSinceCreation, seen?.newestServerTime ?? loaded.document.lastModifiedDateTime);
    const change = await input.apply(loaded, tx, times);
    const roles = change.changesRoles ? await tx.select().from(documentRoles).where(eq(documentRoles.documentId, loaded.document.id)) : loaded.roles;
    const { commitId, document } = await writeCommit(tx, {
      document: loaded.document,
      statusBefore: loaded.document.status,
      set: change.set,
      roles,
      changeType: input.changeType,
      actor: change.actor ?? callerActor(loaded, change.actingAs),
      previousCommits: input.previousCommits,
      clientTime: times.clientTime,
      serverTime: times.serverTime,
      changesStructuredGoods: change.changesStructuredGoods,
      addsRecords: change.addsRecords,
      files: change.attachmentsUnchanged ? loaded.change?.files : undefined,
      legalEvent: change.legalEvent,
      writes: change.writes,
    });
    // Contract §15: the gate hears of what its registry keys on (plates, the collection and delivery…).
    await queueIdentifierUpload(tx, ctx.config, loaded.document, document, times.serverTime);
    // What the caller may do next depends on the approvals, the one just made included.
    const approvals = change.addsRecords
      ? await tx.select().from(documentApprovals).where(eq(documentApprovals.documentId, loaded.document.id))
      : loaded.approvals;
    // The change frame reads no facts (issue 32: no comment, event or commit of a long history), and the change made
    // new ones (its commit, records, credits): the serializer reads them once, after the commit, in one statement.
    return { ...loaded, document, roles, approvals, commitId, facts: undefined };
  });
  // Inside a caller's own transaction (a hand-over page's reservations and approval, one frame) the check waits for the
  // caller's commit: a timer must not hold on to a transaction that ends before it fires.
  if (!(ctx.db instanceof PgTransaction)) keepChainCheckWarm(ctx.db, changed.document.id, ctx.blobs);
  return changed;
}

/** mutateDocument, answering with the document as the caller now sees it (PUT, PATCH, issue…). */
export async function mutateAndSerialize(ctx: ServiceContext, input: Parameters<typeof mutateDocument>[1]) {
  return serializeDocument(ctx, await mutateDocument(ctx, input));
}
