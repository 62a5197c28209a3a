import { eq } from 'drizzle-orm';
import type { Transaction } from '@/server/db/client';
import { documentRoles, freightDocuments } from '@/server/db/schema';
import { inTransaction, requireAccountId, type ServiceContext } from '../context';
import { appendCommit, checkPreviousCommits, contentHashOf, type ChangeType } from './commits';
import { loadVisibleDocument, type DocumentRow, type LoadedDocument } from './load-document';
import { serializeDocument } from './serialize-document';

export interface DocumentChange {
  /** Columns to set on the document (status, content, dates…). */
  set?: Partial<Omit<DocumentRow, 'id' | 'headCommits' | 'lastModifiedDateTime'>>;
  newStatus?: DocumentRow['status'];
  changesStructuredGoods?: boolean;
}

/**
 * The frame every change of an existing document runs in: one transaction that locks the document, checks
 * the caller's previousCommits, applies the change, appends the commit and moves the heads, then returns
 * the document as the caller now sees it. Actions supply only their rule (`apply`).
 */
export async function mutateDocument(
  ctx: ServiceContext,
  input: {
    freightDocumentId: string;
    changeType: ChangeType;
    previousCommits?: string[];
    requirePreviousCommits?: boolean;
    clientTime?: Date | null;
    apply: (loaded: LoadedDocument, tx: Transaction) => Promise<DocumentChange>;
  },
) {
  const accountId = requireAccountId(ctx);
  return inTransaction(ctx, async (tx) => {
    const loaded = await loadVisibleDocument(tx, accountId, input.freightDocumentId, { forUpdate: true });
    const change = await input.apply(loaded, tx);
    await checkPreviousCommits(tx, loaded.document.id, input.previousCommits, input.requirePreviousCommits ?? false);

    const now = ctx.now();
    const updated: DocumentRow = { ...loaded.document, ...change.set, ...(change.newStatus ? { status: change.newStatus } : {}) };
    const roles = await tx.select().from(documentRoles).where(eq(documentRoles.documentId, loaded.document.id));
    const { commitId, heads } = await appendCommit(tx, {
      document: loaded.document,
      changeType: input.changeType,
      accountId,
      newStatus: change.newStatus ?? null,
      previousCommits: input.previousCommits,
      clientTime: input.clientTime,
      serverTime: now,
      contentHash: contentHashOf(updated, roles),
    });
    const [document] = await tx
      .update(freightDocuments)
      .set({
        ...change.set,
        ...(change.newStatus ? { status: change.newStatus } : {}),
        headCommits: heads,
        lastModifiedDateTime: now,
        ...(change.changesStructuredGoods ? { structuredGoodsCommitId: commitId } : {}),
      })
      .where(eq(freightDocuments.id, loaded.document.id))
      .returning();
    return { ...loaded, document: document!, roles };
  });
}

/** mutateDocument, answering with the document as the caller now sees it (PUT, PATCH, issue…). */
export async function mutateAndSerialize(ctx: ServiceContext, input: Parameters<typeof mutateDocument>[1]) {
  return serializeDocument(ctx.db, await mutateDocument(ctx, input));
}
