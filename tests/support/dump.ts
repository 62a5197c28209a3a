/**
 * Every row of every table of a stopped test server's database as text (`row::text`), to search for values
 * that must never be stored in clear. PGlite is opened directly (its server must have stopped: only one
 * process may hold a DATA_DIR); PostgreSQL is queried over a connection.
 */
import path from 'node:path';
import postgres from 'postgres';

const TABLES = `
  select table_schema as schema, table_name as name from information_schema.tables
  where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
  order by 1, 2`;

const quote = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`;

export interface TableDump {
  table: string;
  rows: string[];
}

export async function dumpPglite(dataDir: string): Promise<TableDump[]> {
  const { PGlite } = await import('@electric-sql/pglite');
  const db = new PGlite(path.join(dataDir, 'pgdata'));
  try {
    const tables = await db.query<{ schema: string; name: string }>(TABLES);
    const out: TableDump[] = [];
    for (const { schema, name } of tables.rows) {
      const result = await db.query<{ row: string }>(`select t::text as row from ${quote(schema)}.${quote(name)} t`);
      out.push({ table: `${schema}.${name}`, rows: result.rows.map((r) => r.row) });
    }
    return out;
  } finally {
    await db.close();
  }
}

export async function dumpPostgres(databaseUrl: string): Promise<TableDump[]> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const tables = await sql.unsafe<{ schema: string; name: string }[]>(TABLES);
    const out: TableDump[] = [];
    for (const { schema, name } of tables) {
      const rows = await sql.unsafe<{ row: string }[]>(`select t::text as row from ${quote(schema)}.${quote(name)} t`);
      out.push({ table: `${schema}.${name}`, rows: rows.map((r) => r.row) });
    }
    return out;
  } finally {
    await sql.end();
  }
}
