/**
 * Operator command (contract §12): `npm run admin -- <command> [options]`, prints JSON.
 * With the embedded database held by a running server, the command goes through that server on
 * 127.0.0.1 (only one process may open PGlite); otherwise it opens the database itself.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { AdminCommand } from '@/lib/schemas/admin';
import { getConfig } from '@/server/config/env';
import { readLiveHolder } from '@/server/db/data-dir-lock';
import { closeDb, getDatabaseHandle } from '@/server/db/client';
import { ServiceError } from '@/server/errors';
import { createServiceContext } from '@/server/services/context';
import { runAdminCommand } from '@/server/services/admin/run-admin-command';

const USAGE = `usage: npm run admin -- <command>
  client:create --name N [--integration] [--implicit] [--redirect-uri U]...
  credits:add --account NUMBER --amount N
  account:activate --email E`;

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
    return await runAdminCommand({ ctx: await createServiceContext(), input: command });
  } finally {
    await closeDb();
  }
}

async function main() {
  const command = parseCommand(process.argv.slice(2));
  const config = getConfig();
  const holder = config.DATABASE_URL ? undefined : readLiveHolder(path.resolve(config.DATA_DIR));
  if (holder && (!holder.port || !holder.adminToken)) throw new Error(`DATA_DIR is in use by process ${holder.pid}; try again when it has finished`);
  const result = holder ? await viaServer(holder.port!, holder.adminToken!, command) : await direct(command);
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

main().catch((error: unknown) => {
  const body =
    error instanceof ServiceError
      ? { errors: error.items }
      : ((error as { body?: unknown }).body ?? { error: error instanceof Error ? error.message : String(error) });
  process.stderr.write(`${JSON.stringify(body)}\n`);
  process.exit(1);
});
