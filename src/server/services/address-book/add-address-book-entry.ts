import { and, count, eq, sql } from 'drizzle-orm';
import { ADDRESS_BOOK_ENTRIES_PER_ACCOUNT } from '@/lib/domain/account-limits';
import { addressBookParty, type AddressBookEntryView } from '@/lib/schemas/address-book';
import { accounts, addressBookEntries } from '@/server/db/schema';
import { newId } from '@/server/crypto/tokens';
import { fail, parseInput } from '@/server/errors';
import { inTransaction, requireAccountId, type ServiceContext } from '../context';
import { entryView } from './list-address-book';
import { bookParty, matchKeyOf } from './match-key';

/**
 * A party added by hand to the caller's address book; one the book already has takes the new details. A full book
 * (ADDRESS_BOOK_ENTRIES_PER_ACCOUNT) refuses a new party with `4.2` on `addressBook` (issue 20).
 */
export async function addAddressBookEntry({ ctx, input }: { ctx: ServiceContext; input: unknown }): Promise<AddressBookEntryView> {
  const party = parseInput(addressBookParty, input);
  const accountId = requireAccountId(ctx);
  const kept = bookParty(party);
  const matchKey = matchKeyOf(kept);
  const row = await inTransaction(ctx, async (tx) => {
    // The account's row serialises its additions, so two at 999 cannot both become the 1,000th.
    await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).for('update');
    const [known] = await tx
      .select({ id: addressBookEntries.id })
      .from(addressBookEntries)
      .where(and(eq(addressBookEntries.accountId, accountId), eq(addressBookEntries.matchKey, matchKey)));
    if (!known) {
      const [counted] = await tx.select({ n: count() }).from(addressBookEntries).where(eq(addressBookEntries.accountId, accountId));
      if ((counted?.n ?? 0) >= ADDRESS_BOOK_ENTRIES_PER_ACCOUNT) {
        fail('4.2', 'addressBook', { description: `At most ${ADDRESS_BOOK_ENTRIES_PER_ACCOUNT} address book entries per account.` });
      }
    }
    const [written] = await tx
      .insert(addressBookEntries)
      .values({ id: newId(), accountId, matchKey, name: kept.name!, party: kept, useCount: 0, lastUsedAt: ctx.now() })
      .onConflictDoUpdate({
        target: [addressBookEntries.accountId, addressBookEntries.matchKey],
        set: { name: sql`excluded.name`, party: sql`excluded.party` },
      })
      .returning();
    return written!;
  });
  return entryView(row);
}
