/**
 * Issue 20's per-account limits of the portal's conveniences: at most 100 templates (`4.2` on `templates`) of at
 * most 64 KiB each (`3.2` on `body`), and 1,000 address book entries (`4.2` on `addressBook` when added by hand; the
 * parties of a saved document are then not added, and the document is saved all the same). Two saves at once at 99
 * templates make one the 100th and refuse the other (on PostgreSQL, where they really run side by side).
 *
 * @backends every (run on PostgreSQL in `npm test` too, vitest.config.ts): two saves at once really run side by side
 * on PostgreSQL only.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS_BOOK_ENTRIES_PER_ACCOUNT, TEMPLATE_BODY_MAX_BYTES, TEMPLATES_PER_ACCOUNT } from '@/lib/domain/account-limits';
import { addressBookEntries } from '@/server/db/schema';
import { ServiceError } from '@/server/errors';
import type { ServiceContext } from '@/server/services/context';
import { addAddressBookEntry } from '@/server/services/address-book/add-address-book-entry';
import { rememberParties } from '@/server/services/address-book/remember-parties';
import { saveTemplate } from '@/server/services/templates/save-template';
import type { FreightDocumentInput } from '@/lib/schemas/freight-document';
import { activeAccount, databaseKinds, openTestDatabase, serviceContext, type TestDatabase } from './harness';

async function refusal(promise: Promise<unknown>): Promise<string> {
  return promise.then(
    () => 'saved',
    (error: unknown) => {
      if (!(error instanceof ServiceError)) throw error;
      return `${error.code} ${error.items[0]!.field ?? ''}`.trim();
    },
  );
}

describe.each(databaseKinds())('per-account limits of templates and the address book (%s)', (kind) => {
  let database: TestDatabase;
  let ctx: ServiceContext;
  let accountId: string;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const base = serviceContext(database.handle);
    accountId = (await activeAccount(base)).accountId;
    ctx = { ...base, caller: { accountId } };
  }, 120_000);
  afterAll(async () => database?.dispose());

  const body = { consignor: { name: 'Sender' }, remarks: 'x' };

  it('a template of more than 64 KiB is 3.2 on body; one just inside is saved', async () => {
    const overhead = JSON.stringify({ remarks: '' }).length;
    expect(await refusal(saveTemplate({ ctx, input: { name: 'Huge', body: { remarks: 'x'.repeat(TEMPLATE_BODY_MAX_BYTES - overhead + 1) } } }))).toBe(
      '3.2 body',
    );
    // Multi-byte characters count in bytes: 'é' is two.
    expect(await refusal(saveTemplate({ ctx, input: { name: 'Accents', body: { remarks: 'é'.repeat(TEMPLATE_BODY_MAX_BYTES / 2) } } }))).toBe('3.2 body');
    expect(await refusal(saveTemplate({ ctx, input: { name: 'Fits', body: { remarks: 'x'.repeat(TEMPLATE_BODY_MAX_BYTES - overhead) } } }))).toBe('saved');
  });

  it(`at most ${TEMPLATES_PER_ACCOUNT} templates; two saves at once at ${TEMPLATES_PER_ACCOUNT - 1} make one the last; replacing one still works`, async () => {
    // "Fits" from the test before is the first.
    for (let index = 1; index < TEMPLATES_PER_ACCOUNT - 1; index += 1) await saveTemplate({ ctx, input: { name: `Template ${index}`, body } });
    const outcomes = await Promise.all([
      refusal(saveTemplate({ ctx, input: { name: 'Racer A', body } })),
      refusal(saveTemplate({ ctx, input: { name: 'Racer B', body } })),
    ]);
    expect(outcomes.sort()).toEqual(['4.2 templates', 'saved']);
    expect(await refusal(saveTemplate({ ctx, input: { name: 'One more', body } }))).toBe('4.2 templates');
    // The same name (any case) replaces: no new template, so the full account may still do it.
    expect(await refusal(saveTemplate({ ctx, input: { name: 'TEMPLATE 7', body: { ...body, remarks: 'changed' } } }))).toBe('saved');
  });

  it(`at most ${ADDRESS_BOOK_ENTRIES_PER_ACCOUNT} address book entries; a full book keeps taking known parties and documents still save`, async () => {
    // Fill to one below the limit in one statement (the service would take a thousand round trips).
    await database.handle.db.execute(sql`
      insert into address_book_entries (id, account_id, match_key, name, party, use_count, last_used_at)
      select 'filled-' || n, ${accountId}, 'filled ' || n, 'Filled ' || n, jsonb_build_object('name', 'Filled ' || n), 0, now()
      from generate_series(1, ${ADDRESS_BOOK_ENTRIES_PER_ACCOUNT - 1}) n`);
    expect(await refusal(addAddressBookEntry({ ctx, input: { name: 'The last one', countryCode: 'NLD' } }))).toBe('saved');
    expect(await refusal(addAddressBookEntry({ ctx, input: { name: 'One too many', countryCode: 'NLD' } }))).toBe('4.2 addressBook');
    // A party the book has takes new details, full or not.
    expect(await refusal(addAddressBookEntry({ ctx, input: { name: 'The last one', countryCode: 'NLD', streetName: 'Oudegracht' } }))).toBe('saved');

    // A document's parties: the known one counts a use, the new one is left out, and nothing is refused.
    const document = { consignor: { name: 'The last one', countryCode: 'NLD', contactName: 'Jan' }, consignee: { name: 'Brand new party' } };
    await rememberParties(database.handle.db, accountId, document as unknown as FreightDocumentInput, new Date());
    const rows = await database.handle.db
      .select({ name: addressBookEntries.name, useCount: addressBookEntries.useCount })
      .from(addressBookEntries)
      .where(eq(addressBookEntries.accountId, accountId));
    expect(rows).toHaveLength(ADDRESS_BOOK_ENTRIES_PER_ACCOUNT);
    expect(rows.find((row) => row.name === 'The last one')?.useCount).toBe(1);
    expect(rows.some((row) => row.name === 'Brand new party')).toBe(false);
  });
});
