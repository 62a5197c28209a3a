import { and, eq, ne } from 'drizzle-orm';
import { updateAddressBookEntryInput, type AddressBookEntryView } from '@/lib/schemas/address-book';
import { addressBookEntries } from '@/server/db/schema';
import { fail, parseInput } from '@/server/errors';
import { inTransaction, requireAccountId, type ServiceContext } from '../context';
import { entryView } from './list-address-book';
import { bookParty, matchKeyOf } from './match-key';

/** The person corrects a party in their address book; only their own rows (others' are 4.1, as if absent). */
export async function updateAddressBookEntry({ ctx, input }: { ctx: ServiceContext; input: unknown }): Promise<AddressBookEntryView> {
  const { entryId, party } = parseInput(updateAddressBookEntryInput, input);
  const accountId = requireAccountId(ctx);
  const kept = bookParty(party);
  const matchKey = matchKeyOf(kept);
  return inTransaction(ctx, async (tx) => {
    const mine = and(eq(addressBookEntries.id, entryId), eq(addressBookEntries.accountId, accountId));
    // Edited into a party the book already has: the two become one row.
    await tx
      .delete(addressBookEntries)
      .where(and(eq(addressBookEntries.accountId, accountId), eq(addressBookEntries.matchKey, matchKey), ne(addressBookEntries.id, entryId)));
    const [row] = await tx.update(addressBookEntries).set({ name: kept.name!, party: kept, matchKey }).where(mine).returning();
    if (!row) fail('4.1', 'entryId');
    return entryView(row);
  });
}
