import { sql } from 'drizzle-orm';
import { addressBookParty, type AddressBookEntryView } from '@/lib/schemas/address-book';
import { addressBookEntries } from '@/server/db/schema';
import { newId } from '@/server/crypto/tokens';
import { parseInput } from '@/server/errors';
import { requireAccountId, type ServiceContext } from '../context';
import { entryView } from './list-address-book';
import { bookParty, matchKeyOf } from './match-key';

/** A party added by hand to the caller's address book; one the book already has takes the new details. */
export async function addAddressBookEntry({ ctx, input }: { ctx: ServiceContext; input: unknown }): Promise<AddressBookEntryView> {
  const party = parseInput(addressBookParty, input);
  const accountId = requireAccountId(ctx);
  const kept = bookParty(party);
  const [row] = await ctx.db
    .insert(addressBookEntries)
    .values({ id: newId(), accountId, matchKey: matchKeyOf(kept), name: kept.name!, party: kept, useCount: 0, lastUsedAt: ctx.now() })
    .onConflictDoUpdate({ target: [addressBookEntries.accountId, addressBookEntries.matchKey], set: { name: sql`excluded.name`, party: sql`excluded.party` } })
    .returning();
  return entryView(row!);
}
