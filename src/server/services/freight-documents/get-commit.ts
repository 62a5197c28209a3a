import { and, eq, inArray, sql } from 'drizzle-orm';
import { HASH_VERSION, partsIntroduced, type AddedRecord, type CommitContent } from '@/lib/chain/formula';
import type { CommitResponse } from '@/lib/schemas/commits';
import { documentCommits, documentSnapshots, freightDocuments } from '@/server/db/schema';
import { isId } from '@/server/crypto/tokens';
import { fail } from '@/server/errors';
import { requireAccountId, type ServiceContext } from '../context';
import { loadDelegationSources } from '../access/delegation-sources';
import { visibleTo } from '../access/visibility';
import { loadRecordEntries } from '../document/chain-records';
import { FIRST_SNAPSHOT_VERSION } from '../document/snapshot';

const COMMIT_ID = /^[0-9a-f]{64}$/;

/**
 * GET /freightdocuments/{id}/commits/{commitId} (contract §6), for whoever may GET the document (else 4.47): the
 * commit's content exactly as its contentHash covers it, and what it added in the form their digests cover, the
 * records folded into its root and the large parts of the document its content names first (lib/chain/formula.ts).
 * An unknown commit of a visible document is 4.1. Reads only the commit, its parents' contents and its records.
 */
export async function getCommit({ ctx, input }: { ctx: ServiceContext; input: { freightDocumentId: string; commitId: string } }): Promise<CommitResponse> {
  const accountId = requireAccountId(ctx);
  if (!isId(input.freightDocumentId)) fail('4.47');
  const sources = await loadDelegationSources(ctx.db, accountId);
  const [visible] = await ctx.db
    .select({ id: freightDocuments.id })
    .from(freightDocuments)
    .where(and(eq(freightDocuments.id, input.freightDocumentId), visibleTo(accountId, sources)));
  if (!visible) fail('4.47');
  const [commit] = COMMIT_ID.test(input.commitId)
    ? await ctx.db
        .select()
        .from(documentCommits)
        .where(and(eq(documentCommits.documentId, input.freightDocumentId), eq(documentCommits.id, input.commitId)))
    : [];
  if (!commit) fail('4.1', 'commitId');

  const content = commit.hashVersion >= FIRST_SNAPSHOT_VERSION ? await snapshotBody(ctx, commit.contentHash) : null;
  const records: AddedRecord[] = (await loadRecordEntries(ctx.db, commit.documentId, [commit.id])).map(({ commitId: _commit, ...entry }) => entry);
  const parts: AddedRecord[] = [];
  if (commit.hashVersion === HASH_VERSION && content) {
    const parents = commit.previousCommits.length
      ? await ctx.db
          .select({
            parts: sql<CommitContent['parts'] | null>`case when ${documentCommits.hashVersion} = ${HASH_VERSION} then ${documentSnapshots.body} -> 'parts' end`,
          })
          .from(documentCommits)
          .leftJoin(documentSnapshots, eq(documentSnapshots.contentHash, documentCommits.contentHash))
          .where(and(eq(documentCommits.documentId, commit.documentId), inArray(documentCommits.id, commit.previousCommits)))
      : [];
    const contentParts = (content as CommitContent).parts;
    for (const part of partsIntroduced(
      content as CommitContent,
      parents.map((parent) => (parent.parts ? { parts: parent.parts } : null)),
    )) {
      parts.push({ kind: 'PART', part, digest: contentParts[part], record: await snapshotBody(ctx, contentParts[part]) });
    }
  }
  return {
    commitId: commit.id,
    changeType: commit.changeType,
    contentHash: commit.contentHash,
    hashVersion: commit.hashVersion,
    content: content as CommitResponse['content'],
    addedRecords: [...records, ...parts] as CommitResponse['addedRecords'],
  };
}

async function snapshotBody(ctx: ServiceContext, key: string): Promise<unknown> {
  const [row] = await ctx.db.select({ body: documentSnapshots.body }).from(documentSnapshots).where(eq(documentSnapshots.contentHash, key));
  return row?.body ?? null;
}
