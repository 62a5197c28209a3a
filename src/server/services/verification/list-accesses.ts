import { desc, eq } from 'drizzle-orm';
import { formatMillis } from '@/lib/domain/dates';
import type { DbOrTx } from '@/server/db/client';
import { documentAccesses } from '@/server/db/schema';

/** The latest accesses shown with a document: enough to see who looked lately, never a list without end. */
export const SHOWN_ACCESSES = 100;

/** The document's recorded accesses (visits of its verification page), oldest first among the latest ones. */
export async function listAccesses(db: DbOrTx, documentId: string) {
  const rows = await db
    .select({ type: documentAccesses.type, accessedAt: documentAccesses.accessedAt })
    .from(documentAccesses)
    .where(eq(documentAccesses.documentId, documentId))
    .orderBy(desc(documentAccesses.id))
    .limit(SHOWN_ACCESSES);
  return rows.reverse().map((row) => ({ type: row.type, accessDateTime: formatMillis(row.accessedAt) }));
}
