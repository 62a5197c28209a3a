import { desc, eq } from 'drizzle-orm';
import type { AddressBookEntryView } from '@/lib/schemas/address-book';
import { addressBookEntries } from '@/server/db/schema';
import { requireAccountId, type ServiceContext } from '../context';

/** Enough for a type-ahead and a page; the most used first. */
const LIMIT = 500;

export function entryView(row: typeof addressBookEntries.$inferSelect): AddressBookEntryView {
  return { entryId: row.id, name: row.name, party: row.party, useCount: row.useCount, lastUsedAt: row.lastUsedAt.toISOString() };
}

/** The caller's address book (issue 12), most used and most recent first. */
export async function listAddressBook({ ctx }: { ctx: ServiceContext }): Promise<AddressBookEntryView[]> {
  const accountId = requireAccountId(ctx);
  const rows = await ctx.db
    .select()
    .from(addressBookEntries)
    .where(eq(addressBookEntries.accountId, accountId))
    .orderBy(desc(addressBookEntries.useCount), desc(addressBookEntries.lastUsedAt), addressBookEntries.name)
    .limit(LIMIT);
  return rows.map(entryView);
}
