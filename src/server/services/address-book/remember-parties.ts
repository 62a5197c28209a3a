import { sql } from 'drizzle-orm';
import type { FreightDocumentInput } from '@/lib/schemas/freight-document';
import { runWrites, type BatchedWrite } from '@/server/db/batched-writes';
import type { DbOrTx } from '@/server/db/client';
import { addressBookEntries } from '@/server/db/schema';
import { newId } from '@/server/crypto/tokens';
import { bookParty, matchKeyOf } from './match-key';

/**
 * Saves the named parties of a created or replaced document in the account's address book (issue 12), in the
 * same transaction: a party already there takes the document's details and counts one more use.
 */
export async function rememberParties(db: DbOrTx, accountId: string, body: FreightDocumentInput, now: Date): Promise<void> {
  await runWrites(db, partiesRemembered(db, accountId, body, now));
}

/** rememberParties as a write (none when no party has a name), for a caller that sends it with its own statement. */
export function partiesRemembered(db: DbOrTx, accountId: string, body: FreightDocumentInput, now: Date): BatchedWrite[] {
  const parties = [body.consignor, body.consignee, body.carrier, body.placeOfTakingOver, body.placeOfDelivery, ...(body.subsequentCarriers ?? [])];
  const rows = new Map<string, typeof addressBookEntries.$inferInsert>();
  for (const party of parties) {
    const kept = party ? bookParty(party as Record<string, unknown>) : {};
    if (!kept.name?.trim()) continue;
    const matchKey = matchKeyOf(kept);
    rows.set(matchKey, { id: newId(), accountId, matchKey, name: kept.name.trim(), party: kept, useCount: 1, lastUsedAt: now });
  }
  if (rows.size === 0) return [];
  const upsert = db
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
  return [upsert];
}
