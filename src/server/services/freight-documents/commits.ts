import crypto from 'node:crypto';
import canonicalize from 'canonicalize';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db/client';
import { documentCommits } from '@/server/db/schema';
import { fail } from '@/server/errors';
import type { DocumentRow, RoleRow } from './load-document';

export type ChangeType = 'CREATE' | 'UPDATE' | 'ISSUE' | 'CANCEL' | 'ESTIMATED_TIMES' | 'STRUCTURED_GOODS' | 'ATTACHMENT';

function sha256Hex(value: string): string {
  return crypto.createHash('sha256').update(value, 'utf8').digest('hex');
}

/** Hash of the document's legal content after a change; part of each commit so the chain covers content. */
export function contentHashOf(
  document: Omit<DocumentRow, 'headCommits' | 'lastModifiedDateTime' | 'createdAt' | 'structuredGoodsCommitId'>,
  roles: RoleRow[],
): string {
  const time = (value: Date | null) => (value ? value.toISOString() : null);
  const snapshot = {
    id: document.id,
    serviceNumber: document.serviceNumber,
    type: document.type,
    status: document.status,
    content: document.content,
    columns: {
      establishedDate: document.establishedDate,
      establishedPlace: document.establishedPlace,
      carrierCode: document.carrierCode,
      agreedDateTimeOfTakingOver: time(document.agreedDateTimeOfTakingOver),
      estimatedDateTimeOfTakingOver: time(document.estimatedDateTimeOfTakingOver),
      estimatedDateTimeOfDelivery: time(document.estimatedDateTimeOfDelivery),
    },
    roles: [...roles]
      .sort((a, b) => a.id.localeCompare(b.id))
      .map((role) => ({ roleId: role.id, role: role.role, accountId: role.accountId, email: role.email, party: role.party })),
  };
  return sha256Hex(canonicalize(snapshot)!);
}

export interface CommitFields {
  freightDocumentId: string;
  changeType: ChangeType;
  accountId: string;
  newFreightDocumentStatus: string | null;
  previousCommits: string[];
  createDateTimeClient: string | null;
  createDateTimeServer: string;
  contentHash: string;
}

/** commitId = SHA-256 of the RFC 8785 canonical JSON of the change with its sorted parents (contract §6). */
export function commitIdOf(fields: CommitFields): string {
  return sha256Hex(canonicalize({ ...fields, previousCommits: [...fields.previousCommits].sort() })!);
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

/**
 * Appends a commit and returns the document's new heads: the parents it names are no longer heads, the
 * new commit is. Parents default to the current heads.
 */
export async function appendCommit(
  db: DbOrTx,
  input: {
    document: Pick<DocumentRow, 'id' | 'headCommits'>;
    changeType: ChangeType;
    accountId: string;
    newStatus?: string | null;
    previousCommits?: string[];
    clientTime?: Date | null;
    serverTime: Date;
    contentHash: string;
  },
): Promise<{ commitId: string; heads: string[] }> {
  const parents = [...new Set(input.previousCommits ?? input.document.headCommits)];
  const fields: CommitFields = {
    freightDocumentId: input.document.id,
    changeType: input.changeType,
    accountId: input.accountId,
    newFreightDocumentStatus: input.newStatus ?? null,
    previousCommits: parents,
    createDateTimeClient: input.clientTime ? input.clientTime.toISOString() : null,
    createDateTimeServer: input.serverTime.toISOString(),
    contentHash: input.contentHash,
  };
  const commitId = commitIdOf(fields);
  await db.insert(documentCommits).values({
    id: commitId,
    documentId: input.document.id,
    sequence: sql`(select coalesce(max(sequence), 0) + 1 from document_commits where document_id = ${input.document.id})`,
    changeType: input.changeType,
    accountId: input.accountId,
    newStatus: fields.newFreightDocumentStatus,
    previousCommits: [...parents].sort(),
    contentHash: input.contentHash,
    createDateTimeClient: input.clientTime ?? null,
    createDateTimeServer: input.serverTime,
  });
  const heads = input.document.headCommits.filter((head) => !parents.includes(head)).concat(commitId);
  return { commitId, heads };
}
