import canonicalize from 'canonicalize';
import type { LegalEvent } from '@/lib/domain/legal-events';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db/client';
import { documentCommits } from '@/server/db/schema';
import { fail } from '@/server/errors';
import { sha256Hex } from './snapshot';

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
  // Contract §14's legal events, each its own kind of commit.
  | LegalEvent;

/** Exactly the fields an `updates` entry shows, so anyone can recompute a commit id from the document. */
export interface CommitFields {
  freightDocumentId: string;
  changeType: string;
  accountId: string | null;
  newFreightDocumentStatus: string | null;
  previousCommits: string[];
  createDateTimeClient: string | null;
  createDateTimeServer: string;
  contentHash: string;
}

/**
 * commitId = SHA-256 of the RFC 8785 canonical JSON of the change with its sorted parents (contract §6). The
 * formula is the same for every hash version: what changed between versions is how `contentHash` is made.
 */
export function commitIdOf(fields: CommitFields): string {
  return sha256Hex(canonicalize({ ...fields, previousCommits: [...fields.previousCommits].sort() })!);
}

/** The fields of a stored commit, as the id was computed over them. */
export function commitFieldsOf(commit: typeof documentCommits.$inferSelect): CommitFields {
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
 * commit of this document 4.13. An older head is fine: the client worked offline.
 */
export async function checkPreviousCommits(db: DbOrTx, documentId: string, previousCommits: string[] | undefined, required: boolean) {
  if (previousCommits === undefined) {
    if (required) fail('4.45', 'previousCommits');
    return;
  }
  if (previousCommits.length === 0) fail('4.45', 'previousCommits');
  const unique = [...new Set(previousCommits)];
  const found = await db
    .select({ id: documentCommits.id })
    .from(documentCommits)
    .where(and(eq(documentCommits.documentId, documentId), inArray(documentCommits.id, unique)));
  if (found.length !== unique.length) fail('4.13', 'previousCommits');
}
