import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { ADDRESS_BOOK_ENTRIES_PER_ACCOUNT } from '@/lib/domain/account-limits';
import type { FreightDocumentInput } from '@/lib/schemas/freight-document';
import type { DbOrTx } from '@/server/db/client';
import { addressBookEntries } from '@/server/db/schema';
import { newId } from '@/server/crypto/tokens';
import { bookParty, matchKeyOf } from './match-key';

/**
 * Saves the named parties of a created or replaced document in the account's address book (issue 12), in the
 * same transaction: a party already there takes the document's details and counts one more use. A full book
 * (ADDRESS_BOOK_ENTRIES_PER_ACCOUNT, issue 20) takes no new parties, and the document is saved all the same; two
 * documents saved at once near the limit may pass it by a few (this path takes no lock on the account).
 */
export async function rememberParties(db: DbOrTx, accountId: string, body: FreightDocumentInput, now: Date): Promise<void> {
  const parties = [body.consignor, body.consignee, body.carrier, body.placeOfTakingOver, body.placeOfDelivery, ...(body.subsequentCarriers ?? [])];
  const rows = new Map<string, typeof addressBookEntries.$inferInsert>();
  for (const party of parties) {
    const kept = party ? bookParty(party as Record<string, unknown>) : {};
    if (!kept.name?.trim()) continue;
    const matchKey = matchKeyOf(kept);
    rows.set(matchKey, { id: newId(), accountId, matchKey, name: kept.name.trim(), party: kept, useCount: 1, lastUsedAt: now });
  }
  if (rows.size === 0) return;
  const [counted] = await db.select({ n: count() }).from(addressBookEntries).where(eq(addressBookEntries.accountId, accountId));
  const room = ADDRESS_BOOK_ENTRIES_PER_ACCOUNT - (counted?.n ?? 0);
  if (room < rows.size) {
    const known = await db
      .select({ matchKey: addressBookEntries.matchKey })
      .from(addressBookEntries)
      .where(and(eq(addressBookEntries.accountId, accountId), inArray(addressBookEntries.matchKey, [...rows.keys()])));
    const knownKeys = new Set(known.map((row) => row.matchKey));
    let free = Math.max(0, room);
    for (const key of [...rows.keys()]) {
      if (knownKeys.has(key)) continue;
      if (free > 0) free -= 1;
      else rows.delete(key);
    }
    if (rows.size === 0) return;
  }
  await db
    .insert(addressBookEntries)
    .values([...rows.values()])
    .onConflictDoUpdate({
      target: [addressBookEntries.accountId, addressBookEntries.matchKey],
      set: {
        name: sql`excluded.name`,
        party: sql`excluded.party`,
        useCount: sql`${addressBookEntries.useCount} + 1`,
        lastUsedAt: sql`excluded.last_used_at`,
      },
    });
}
