/**
 * The list's total at scale (contract §4, issue 13): exact up to 10,000 (`eq`), then 10,000 with `gte`, so that
 * counting never reads more than 10,001 documents. Documents beyond the first few are written by SQL: only the
 * count is under test, and 10,001 creations through the service would take minutes.
 *
 * @backends every (run on PostgreSQL in `npm test` too, vitest.config.ts): the capped count is SQL that runs again on
 * PostgreSQL.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFreightDocument } from '@/server/services/freight-documents/create-freight-document';
import { listFreightDocuments } from '@/server/services/freight-documents/list-freight-documents';
import { TOTAL_CAP } from '@/server/services/freight-documents/list-page';
import { DOCUMENT_BODY } from '../../scripts/bench/fixtures';
import { activeAccount, databaseKinds, openTestDatabase, serviceContext, type TestDatabase } from './harness';

describe.each(databaseKinds())('list total at scale (%s)', (kind) => {
  let database: TestDatabase;
  let accountId = '';
  const list = (query: [string, string][] = []) => listFreightDocuments({ ctx: serviceContext(database.handle, {}, accountId), input: { query } });

  /** `count` more documents held by the account as submitter, copies of one it created through the service. */
  const copies = async (template: string, from: number, count: number) => {
    await database.handle.db.execute(sql`
      insert into freight_documents (id, service_number, type, status, submitter_account_id, content, head_commits, last_modified)
      select ${template} || '-' || i, lpad((900000000000 + i)::text, 12, '0'), type, status, submitter_account_id, content, head_commits, last_modified
      from freight_documents, generate_series(${from}::int, ${from + count - 1}::int) as i where id = ${template}`);
    await database.handle.db.execute(sql`
      insert into document_roles (id, document_id, role, account_id, email, party, position, created_at)
      select ${template} || '-' || i || '-s', ${template} || '-' || i, role, account_id, email, party, position, created_at
      from document_roles, generate_series(${from}::int, ${from + count - 1}::int) as i where document_id = ${template} and role = 'SUBMITTER'`);
  };

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const ctx = serviceContext(database.handle);
    accountId = (await activeAccount(ctx, 'Fleet')).accountId;
    const body = { ...DOCUMENT_BODY, carrier: undefined };
    const { freightDocumentId } = await createFreightDocument({ ctx: serviceContext(database.handle, {}, accountId), input: body });
    await copies(freightDocumentId, 1, TOTAL_CAP - 1);
  });
  afterAll(() => database?.dispose());

  it('is exact with "eq" up to 10,000 documents and 10,000 with "gte" beyond', async () => {
    expect(await list()).toMatchObject({ total: TOTAL_CAP, totalRelation: 'eq', first: 1, limit: 10 });
    expect(await list([['filters', 'status.eq.ISSUED']])).toMatchObject({ total: 0, totalRelation: 'eq' });

    const [template] = (await list([['limit', '1']])).freightDocuments;
    await copies(template!.freightDocumentId, TOTAL_CAP, 2);
    const beyond = await list([
      ['first', '10001'],
      ['limit', '5'],
    ]);
    expect(beyond).toMatchObject({ total: TOTAL_CAP, totalRelation: 'gte', first: 10001, limit: 5 });
    // Paging goes on past the cap: the count stops, the list does not.
    expect(beyond.freightDocuments).toHaveLength(2);
  });
});
