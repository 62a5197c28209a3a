/**
 * Operator command (contract §12): `npm run admin -- <command> [options]`, prints JSON.
 * It reads the configuration as `next start` does (the environment, then the .env files), so it finds the
 * server's database; with the embedded database held by a running server, the command goes through that server on
 * 127.0.0.1 (only one process may open PGlite); otherwise it opens the database itself. It says on stderr which
 * database it wrote to (issue 23: a DATA_DIR set for the server only must not go unnoticed).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadEnvConfig } from '@next/env';
import type { AdminCommand } from '@/lib/schemas/admin';
import { getConfig } from '@/server/config/env';
import { settingGiven } from '@/server/config/process-env';
import { readLiveHolder } from '@/server/db/data-dir-lock';
import { closeDb, getDatabaseHandle } from '@/server/db/client';
import { describeTarget } from '@/server/db/connection-errors';
import { ServiceError } from '@/server/errors';
import { createServiceContext } from '@/server/services/context';
import { runAdminCommand } from '@/server/services/admin/run-admin-command';
import type { BlobMigrationBatch } from '@/server/services/blobs/migrate-attachment-blobs';

const USAGE = `usage: npm run admin -- <command>
  client:create --name N [--integration] [--implicit] [--redirect-uri U]...
  credits:add --account NUMBER --amount N
  account:activate --email E
  blobs:migrate [--batch-size N]   moves attachment bytes from the database into the blob store (resumable)`;

function parseCommand(argv: string[]): AdminCommand {
  const [verb, ...rest] = argv;
  const { values } = parseArgs({
    args: rest,
    options: {
      name: { type: 'string' },
      integration: { type: 'boolean', default: false },
      implicit: { type: 'boolean', default: false },
      'redirect-uri': { type: 'string', multiple: true },
      account: { type: 'string' },
      amount: { type: 'string' },
      email: { type: 'string' },
      'batch-size': { type: 'string' },
    },
    strict: true,
  });
  switch (verb) {
    case 'client:create':
      return {
        command: verb,
        name: values.name ?? '',
        integration: values.integration,
        implicit: values.implicit,
        redirectUris: values['redirect-uri'] ?? [],
      };
    case 'credits:add':
      return { command: verb, accountNumber: values.account ?? '', amount: Number(values.amount) };
    case 'account:activate':
      return { command: verb, email: values.email ?? '' };
    case 'blobs:migrate':
      return { command: verb, batchSize: values['batch-size'] === undefined ? 50 : Number(values['batch-size']) };
    default:
      throw new Error(USAGE);
  }
}

async function viaServer(port: number, token: string, command: AdminCommand): Promise<unknown> {
  const response = await fetch(`http://127.0.0.1:${port}/api/internal/admin`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(command),
  });
  const body = (await response.json()) as unknown;
  if (!response.ok) throw Object.assign(new Error('server refused the command'), { body });
  return body;
}

async function direct(command: AdminCommand): Promise<unknown> {
  await getDatabaseHandle('tool');
  try {
    const ctx = await createServiceContext();
    return command.command === 'blobs:migrate'
      ? await migrateInBatches(command, (batch) => runAdminCommand({ ctx, input: batch }) as Promise<BlobMigrationBatch>)
      : await runAdminCommand({ ctx, input: command });
  } finally {
    await closeDb();
  }
}

type MigrateCommand = Extract<AdminCommand, { command: 'blobs:migrate' }>;

/**
 * blobs:migrate runs batch after batch (each one a command of its own, through the server when it holds the embedded
 * database) until none is left, saying how far it got on stderr. Killed at any point, it is simply run again: rows
 * already moved are skipped, the others moved.
 */
async function migrateInBatches(command: MigrateCommand, runBatch: (batch: MigrateCommand) => Promise<BlobMigrationBatch>) {
  let moved = 0;
  let afterId: string | undefined;
  const mismatched: string[] = [];
  const progress = process.stderr.isTTY ? (line: string) => process.stderr.write(`\r${line}`) : (line: string) => process.stderr.write(`${line}\n`);
  for (;;) {
    const batch = await runBatch({ ...command, afterId });
    moved += batch.moved;
    mismatched.push(...batch.mismatched);
    const total = moved + batch.remaining;
    progress(
      `blobs:migrate: ${moved} of ${total} moved and verified (${total ? Math.floor((moved * 100) / total) : 100} %)${mismatched.length ? `, ${mismatched.length} not matching their digest` : ''}`,
    );
    if (batch.done || batch.lastId === null) {
      if (process.stderr.isTTY) process.stderr.write('\n');
      return { moved, verified: moved, remaining: batch.remaining, mismatched };
    }
    afterId = batch.lastId;
  }
}

/** Which database a command wrote to, in words an operator checks against the server's configuration. */
function databaseUsed(config: ReturnType<typeof getConfig>, how: { viaPort?: number; created: boolean }): string {
  if (config.DATABASE_URL) return `admin: wrote to the ${describeTarget(config.DATABASE_URL)} (DATABASE_URL)`;
  const dataDir = path.resolve(config.DATA_DIR);
  const named = settingGiven('DATA_DIR') ? 'DATA_DIR' : `DATA_DIR unset: the default ${config.DATA_DIR}`;
  if (how.viaPort) return `admin: wrote to the embedded database in ${dataDir} (${named}) through the server on port ${how.viaPort}`;
  if (how.created) {
    return `admin: created a new embedded database in ${dataDir} (${named}) and wrote to it; if the server uses another DATA_DIR or DATABASE_URL, run the command with the same`;
  }
  return `admin: wrote to the embedded database in ${dataDir} (${named})`;
}

async function main() {
  const command = parseCommand(process.argv.slice(2));
  // What `next start` reads besides the environment; a variable already set wins, as it does for the server.
  loadEnvConfig(process.cwd(), false, { info: () => {}, error: (...args: unknown[]) => console.error(...args) });
  const config = getConfig();
  const dataDir = path.resolve(config.DATA_DIR);
  const holder = config.DATABASE_URL ? undefined : readLiveHolder(dataDir);
  if (holder && (!holder.port || !holder.adminToken)) throw new Error(`DATA_DIR is in use by process ${holder.pid}; try again when it has finished`);
  const created = !config.DATABASE_URL && !holder && !fs.existsSync(path.join(dataDir, 'pgdata'));
  const result = holder
    ? command.command === 'blobs:migrate'
      ? await migrateInBatches(command, (batch) => viaServer(holder.port!, holder.adminToken!, batch) as Promise<BlobMigrationBatch>)
      : await viaServer(holder.port!, holder.adminToken!, command)
    : await direct(command);
  process.stdout.write(`${JSON.stringify(result)}\n`);
  process.stderr.write(`${databaseUsed(config, { viaPort: holder?.port, created })}\n`);
  // Files left in the database because their bytes no longer match their digest: the operator must look at them.
  if ((result as { mismatched?: string[] }).mismatched?.length) process.exitCode = 1;
}

main().catch((error: unknown) => {
  const body =
    error instanceof ServiceError
      ? { errors: error.items }
      : ((error as { body?: unknown }).body ?? { error: error instanceof Error ? error.message : String(error) });
  process.stderr.write(`${JSON.stringify(body)}\n`);
  process.exit(1);
});
