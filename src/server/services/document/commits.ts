import type { CommitFields } from '@/lib/chain/formula';
import type { LegalEvent } from '@/lib/domain/legal-events';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db/client';
import { documentCommits } from '@/server/db/schema';
import { fail } from '@/server/errors';
import type { CommitRow } from './rows';

export { commitIdOf, type CommitFields } from '@/lib/chain/formula';

export type ChangeType =
  | 'CREATE'
  | 'UPDATE'
  | 'ISSUE'
  | 'CANCEL'
  | 'ESTIMATED_TIMES'
  | 'STRUCTURED_GOODS'
  | 'ATTACHMENT'
  | 'APPROVAL'
  | 'STATUS_UPDATE'
  | 'COMMENT'
  | 'LICENSE_PLATES'
  // The withdrawal of a reservation (contract §14): subscribers hear of it as a RESERVATION event.
  | 'RESERVATION_WITHDRAWAL'
  // Contract §14's legal events, each its own kind of commit.
  | LegalEvent;

/** The fields of a stored commit, as the id was computed over them. */
export function commitFieldsOf(commit: CommitRow): CommitFields {
  return {
    freightDocumentId: commit.documentId,
    changeType: commit.changeType,
    accountId: commit.accountId,
    newFreightDocumentStatus: commit.newStatus,
    previousCommits: commit.previousCommits,
    createDateTimeClient: commit.createDateTimeClient ? commit.createDateTimeClient.toISOString() : null,
    createDateTimeServer: commit.createDateTimeServer.toISOString(),
    contentHash: commit.contentHash,
  };
}

/**
 * Checks the heads a client says it last saw (contract §6): an empty list is 4.45, an id that is not a
 * commit of this document 4.13. An older head is fine: the client worked offline. Answers when the newest of them
 * reached the server (a change that saw them cannot be dated before it), or undefined when none was named.
 */
export async function checkPreviousCommits(
  db: DbOrTx,
  documentId: string,
  previousCommits: string[] | undefined,
  required: boolean,
): Promise<{ newestServerTime: Date } | undefined> {
  if (previousCommits === undefined) {
    if (required) fail('4.45', 'previousCommits');
    return undefined;
  }
  if (previousCommits.length === 0) fail('4.45', 'previousCommits');
  const unique = [...new Set(previousCommits)];
  const found = await db
    .select({ id: documentCommits.id, createDateTimeServer: documentCommits.createDateTimeServer })
    .from(documentCommits)
    .where(and(eq(documentCommits.documentId, documentId), inArray(documentCommits.id, unique)));
  if (found.length !== unique.length) fail('4.13', 'previousCommits');
  return { newestServerTime: new Date(Math.max(...found.map((commit) => commit.createDateTimeServer.getTime()))) };
}
