import { sql } from 'drizzle-orm';
import { ADDRESS_BOOK_ENTRIES_PER_ACCOUNT } from '@/lib/domain/account-limits';
import type { FreightDocumentInput } from '@/lib/schemas/freight-document';
import { runWrites, type BatchedWrite } from '@/server/db/batched-writes';
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
  await runWrites(db, partiesRemembered(accountId, body, now));
}

/** rememberParties as a write (none when no party has a name), for a caller that sends it with its own statement. */
export function partiesRemembered(accountId: string, body: FreightDocumentInput, now: Date): BatchedWrite[] {
  const parties = [body.consignor, body.consignee, body.carrier, body.placeOfTakingOver, body.placeOfDelivery, ...(body.subsequentCarriers ?? [])];
  const rows = new Map<string, typeof addressBookEntries.$inferInsert>();
  for (const party of parties) {
    const kept = party ? bookParty(party as Record<string, unknown>) : {};
    if (!kept.name?.trim()) continue;
    const matchKey = matchKeyOf(kept);
    rows.set(matchKey, { id: newId(), accountId, matchKey, name: kept.name.trim(), party: kept, useCount: 1, lastUsedAt: now });
  }
  if (rows.size === 0) return [];
  // One statement, so that create keeps its round trips (issue 24): a known party is always updated; a new one only
  // while the book has room, counted among this document's new parties in their order.
  const values = [...rows.values()].map((row, index) => sql`(${row.id}, ${row.matchKey}, ${row.name}, ${JSON.stringify(row.party)}::jsonb, ${index}::int)`);
  const upsert = sql`
    with offered(id, match_key, name, party, position) as (values ${sql.join(values, sql`, `)}),
    marked as (
      select o.*, exists (
        select 1 from ${addressBookEntries} e where e.account_id = ${accountId} and e.match_key = o.match_key
      ) as known from offered o
    ),
    numbered as (
      select m.*, sum(case when m.known then 0 else 1 end) over (order by m.position) as new_position from marked m
    )
    insert into ${addressBookEntries} (id, account_id, match_key, name, party, use_count, last_used_at)
    select n.id, ${accountId}, n.match_key, n.name, n.party, 1, ${now.toISOString()}::timestamptz from numbered n
    where n.known
      or (select count(*) from ${addressBookEntries} e where e.account_id = ${accountId}) + n.new_position <= ${ADDRESS_BOOK_ENTRIES_PER_ACCOUNT}
    on conflict (account_id, match_key) do update set
      name = excluded.name, party = excluded.party, use_count = ${addressBookEntries}.use_count + 1, last_used_at = excluded.last_used_at`;
  return [upsert];
}
