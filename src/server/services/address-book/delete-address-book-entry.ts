import { and, eq } from 'drizzle-orm';
import { addressBookEntryId } from '@/lib/schemas/address-book';
import { addressBookEntries } from '@/server/db/schema';
import { fail, parseInput } from '@/server/errors';
import { requireAccountId, type ServiceContext } from '../context';

/** Removes a party from the caller's address book; documents that name it keep their own copy. */
export async function deleteAddressBookEntry({ ctx, input }: { ctx: ServiceContext; input: unknown }): Promise<{ deleted: true }> {
  const { entryId } = parseInput(addressBookEntryId, input);
  const accountId = requireAccountId(ctx);
  const removed = await ctx.db
    .delete(addressBookEntries)
    .where(and(eq(addressBookEntries.id, entryId), eq(addressBookEntries.accountId, accountId)))
    .returning({ id: addressBookEntries.id });
  if (removed.length === 0) fail('4.1', 'entryId');
  return { deleted: true };
}
