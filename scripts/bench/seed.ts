/**
 * Set-based seeding straight into PostgreSQL: one INSERT … SELECT generate_series per batch writes the
 * documents, their six roles and their CREATE commit together (data-modifying CTEs), so a million documents
 * take minutes rather than hours. Rows match src/server/db/schema/freight-documents.ts.
 */
import type { Sql } from 'postgres';
import { SEEDED_CONTENT, SEEDED_PARTIES } from './fixtures';

const BATCH = 100_000;

export interface SeedSpec {
  /** Makes ids unique per population: the same prefix and index always give the same document. */
  prefix: string;
  /** 1-based index range [from, to] of this population to write now (a tier tops up from where it left). */
  from: number;
  to: number;
  /** Submitters, taken round-robin. */
  owners: string[];
  /** Service numbers are base + index: give each population its own range. */
  serviceNumberBase: number;
  /** Every document DRAFT (to be issued), or the status mix of a lived-in account. */
  status: 'draft' | 'mix';
}

/**
 * Status mix per 20 documents: 6 DRAFT, 6 ISSUED, 4 TRANSIT, 3 DELIVERED, 1 CANCELLED. Last modification is
 * spread at random over the past year, independent of id and service number, as it is in real use.
 */
const STATUS_MIX = [
  'CANCELLED',
  'DRAFT',
  'DRAFT',
  'DRAFT',
  'DRAFT',
  'DRAFT',
  'DRAFT',
  'ISSUED',
  'ISSUED',
  'ISSUED',
  'ISSUED',
  'ISSUED',
  'ISSUED',
  'TRANSIT',
  'TRANSIT',
  'TRANSIT',
  'TRANSIT',
  'DELIVERED',
  'DELIVERED',
  'DELIVERED',
];

export async function seedDocuments(sql: Sql, spec: SeedSpec, onProgress?: (done: number) => void): Promise<void> {
  const roles = [['SUBMITTER', { name: 'Bench Submitter', contactEmailAddress: 'submitter@bench.invalid' }] as const, ...SEEDED_PARTIES];
  const roleNames = roles.map(([role]) => role);
  const roleParties = roles.map(([, party]) => JSON.stringify(party));
  for (let from = spec.from; from <= spec.to; from += BATCH) {
    const to = Math.min(spec.to, from + BATCH - 1);
    await sql.begin(async (tx) => {
      // Rows are consistent by construction; skipping the per-row foreign-key triggers makes bulk load ~2x faster.
      await tx`set local session_replication_role = replica`;
      await tx`
        with src as materialized (
          select i,
                 md5(${spec.prefix} || ':' || i)::uuid::text as id,
                 (${spec.owners}::text[])[1 + i % cardinality(${spec.owners}::text[])] as owner,
                 case when ${spec.status} = 'draft' then 'DRAFT' else (${STATUS_MIX}::text[])[1 + i % 20] end as status,
                 encode(sha256(convert_to(${spec.prefix} || ':commit:' || i, 'UTF8')), 'hex') as commit_id,
                 now() - random() * interval '365 days' as modified
          from generate_series(${from}::int, ${to}::int) as i
        ),
        documents as (
          insert into freight_documents (id, service_number, type, status, submitter_account_id, content, established_date,
            established_place, carrier_code, agreed_taking_over, estimated_taking_over, estimated_delivery, head_commits,
            structured_goods_commit_id, last_modified, created_at)
          select id, lpad((${spec.serviceNumberBase}::bigint + i)::text, 12, '0'), 'WAYBILL', status, owner,
                 ${JSON.stringify(SEEDED_CONTENT)}::jsonb || jsonb_build_object('references', jsonb_build_array(jsonb_build_object('name', 'order', 'value', 'PO-' || i))),
                 to_char(date '2024-01-01' + i % 700, 'YYYY-MM-DD'),
                 (array['Rotterdam', 'Antwerpen', 'Hamburg', 'Lyon', 'Milano', 'Gdansk'])[1 + i % 6],
                 'C' || (i % 97),
                 timestamptz '2024-01-01 08:00Z' + (i % 700) * interval '1 day',
                 case when i % 3 = 0 then null else timestamptz '2024-01-01 09:00Z' + (i % 700) * interval '1 day' end,
                 case when i % 3 = 0 then null else timestamptz '2024-01-02 15:00Z' + (i % 700) * interval '1 day' end,
                 jsonb_build_array(commit_id), null, modified, modified
          from src
          returning *
        ),
        commits as (
          insert into document_commits (id, document_id, sequence, change_type, account_id, actor, new_status, previous_commits,
            content_hash, created_client, created_server)
          select commit_id, id, 1, 'CREATE', owner, jsonb_build_object('kind', 'ACCOUNT', 'accountId', owner), case when status = 'DRAFT' then 'DRAFT' else 'ISSUED' end, '[]'::jsonb,
                 encode(sha256(convert_to(id, 'UTF8')), 'hex'), null, modified
          from src
        ),
        -- Triggers keep document_viewers (the list's read model); the bulk load runs without them (replica role).
        viewers as (
          insert into document_viewers (account_id, document_id, roles, status, type, service_number, established_date, established_place,
            carrier_code, agreed_taking_over, estimated_taking_over, estimated_delivery, last_modified)
          select submitter_account_id, id, array['SUBMITTER'], status, type, service_number, established_date, established_place, carrier_code,
                 agreed_taking_over, estimated_taking_over, estimated_delivery, last_modified
          from documents
        )
        insert into document_roles (id, document_id, role, account_id, email, party, position, created_at)
        select md5(src.id || ':' || r.role)::uuid::text, src.id, r.role, case when r.role = 'SUBMITTER' then src.owner end, null,
               r.party::jsonb, 0, src.modified
        from src cross join unnest(${roleNames}::text[], ${roleParties}::text[]) as r(role, party)
      `;
    });
    onProgress?.(to);
  }
}

const SEEDED_TABLES = ['freight_documents', 'document_roles', 'document_commits', 'document_viewers'];

/**
 * Bulk load the standard way: drop the seeded tables' keys, foreign keys and indexes, load, then build them
 * again from their saved definitions. A sorted build is far cheaper than millions of random-key insertions
 * into indexes larger than shared_buffers; re-adding the keys still checks uniqueness and references. The
 * schema afterwards is exactly the migrated one.
 */
export async function withIndexesDeferred<T>(sql: Sql, load: () => Promise<T>): Promise<T> {
  const constraints = await sql<{ name: string; table: string; definition: string; kind: string }[]>`
    select c.conname as name, c.conrelid::regclass::text as table, pg_get_constraintdef(c.oid) as definition, c.contype as kind
    from pg_constraint c
    where (c.conrelid::regclass::text in ${sql(SEEDED_TABLES)} and c.contype in ('p', 'u', 'f'))
       or (c.confrelid::regclass::text in ${sql(SEEDED_TABLES)} and c.contype = 'f')`;
  const unique = new Map(constraints.map((constraint) => [`${constraint.table}.${constraint.name}`, constraint]));
  const all = [...unique.values()];
  const foreign = all.filter((constraint) => constraint.kind === 'f');
  const keys = all.filter((constraint) => constraint.kind !== 'f');
  const indexes = await sql<{ name: string; definition: string }[]>`
    select i.indexname as name, i.indexdef as definition
    from pg_indexes i
    where i.schemaname = 'public' and i.tablename in ${sql(SEEDED_TABLES)}
      and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`;
  for (const constraint of [...foreign, ...keys]) await sql.unsafe(`alter table ${constraint.table} drop constraint "${constraint.name}"`);
  for (const index of indexes) await sql.unsafe(`drop index "${index.name}"`);
  try {
    return await load();
  } finally {
    await sql.begin(async (tx) => {
      await tx`set local maintenance_work_mem = '256MB'`;
      for (const constraint of keys) await tx.unsafe(`alter table ${constraint.table} add constraint "${constraint.name}" ${constraint.definition}`);
      for (const index of indexes) await tx.unsafe(index.definition);
      for (const constraint of foreign) await tx.unsafe(`alter table ${constraint.table} add constraint "${constraint.name}" ${constraint.definition}`);
    });
  }
}

/** Accounts that own the documents the measured account must not see. Inserted directly: they never log in. */
export async function seedOtherAccounts(sql: Sql, count: number): Promise<string[]> {
  const rows = await sql<{ id: string }[]>`
    insert into accounts (id, account_number, name, email, password_hash, account_secret_encrypted, activated_at)
    select md5('other-account:' || i)::uuid::text, nextval('account_number_seq')::text, 'Other ' || i,
           'other-' || i || '@bench.invalid', 'not-a-hash', 'not-sealed', now()
    from generate_series(1, ${count}::int) as i
    returning id`;
  return rows.map((row) => row.id);
}

/** Fresh statistics and visibility map after bulk load, as autovacuum would leave a table at rest. */
export async function vacuumAnalyze(sql: Sql): Promise<void> {
  for (const table of ['freight_documents', 'document_roles', 'document_commits', 'document_viewers', 'accounts']) {
    await sql.unsafe(`vacuum (analyze) ${table}`);
  }
}
