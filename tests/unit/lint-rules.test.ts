/**
 * The lint rules bite: fixture source is linted with the project's own eslint.config.mjs as if it were a file
 * at the given path (ESLint's Node API), so a change to the config that silences a layer or Drizzle rule fails here.
 */
import path from 'node:path';
import { ESLint, type Linter } from 'eslint';
import { beforeAll, describe, expect, it, vi } from 'vitest';

const REPO_ROOT = path.resolve(__dirname, '../..');
const SERVICE_FILE = 'src/server/services/freight-documents/fixture-verb.ts';

// import-x/no-cycle follows a file's imports through src/ the first time it meets them (then they are cached in the
// process): the first fixture of a part of the graph takes seconds on a quiet machine, tens of them on a busy one.
vi.setConfig({ testTimeout: 120_000 });

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: REPO_ROOT });
});

async function lint(filePath: string, source: string): Promise<Linter.LintMessage[]> {
  const [result] = await eslint.lintText(source, { filePath: path.join(REPO_ROOT, filePath) });
  return result!.messages;
}
const rulesOf = (messages: Linter.LintMessage[]) => messages.map((message) => message.ruleId);

/** A verb in its final form: context, schema and errors, a conditional update with `where`. */
const CORRECT_SERVICE = `import { and, eq, gte, sql } from 'drizzle-orm';
import { accounts } from '@/server/db/schema';
import { fail } from '@/server/errors';
import { isDateTime } from '@/lib/domain/dates';
import { requireAccountId, type ServiceContext } from '../context';

export async function chargeFixture({ ctx, input }: { ctx: ServiceContext; input: { at: string } }) {
  if (!isDateTime(input.at)) fail('3.1', 'at');
  const accountId = requireAccountId(ctx);
  const [charged] = await ctx.db
    .update(accounts)
    .set({ credits: sql\`\${accounts.credits} - 1\` })
    .where(and(eq(accounts.id, accountId), gte(accounts.credits, 1)))
    .returning({ credits: accounts.credits });
  await ctx.db.transaction(async (tx) => tx.delete(accounts).where(eq(accounts.id, 'none')));
  return charged;
}
`;

describe('layer boundaries (ARCHITECTURE.md import direction)', () => {
  it('a correct service passes every rule', async () => {
    expect(await lint(SERVICE_FILE, CORRECT_SERVICE)).toEqual([]);
  });

  it('a service importing a component is reported, by alias and by relative path alike', async () => {
    for (const source of ['@/components/documents/document-list', '../../../components/documents/document-list']) {
      const messages = await lint(SERVICE_FILE, `import { DocumentList } from '${source}';\nexport const list = DocumentList;\n`);
      expect(rulesOf(messages), source).toEqual(['no-restricted-imports']);
      expect(messages[0]!.message, source).toContain(source);
      expect(messages[0]!.line).toBe(1);
    }
  });

  it('a service at the root of services cannot climb out either', async () => {
    const messages = await lint('src/server/services/fixture.ts', `import { a } from '../../components/a';\nexport const b = a;\n`);
    expect(rulesOf(messages)).toEqual(['no-restricted-imports']);
  });

  it('services never import next/*, next-auth, @trpc/* or the transports', async () => {
    const source = [
      `import { NextResponse } from 'next/server';`,
      `import { getServerSession } from 'next-auth';`,
      `import { TRPCError } from '@trpc/server';`,
      `import { route } from '@/server/http/route';`,
      `import { router } from '@/server/trpc/init';`,
      `export const all = [NextResponse, getServerSession, TRPCError, route, router];`,
    ].join('\n');
    const messages = await lint(SERVICE_FILE, source);
    expect(messages.map((message) => [message.ruleId, message.line])).toEqual([1, 2, 3, 4, 5].map((line) => ['no-restricted-imports', line]));
  });

  it('lib and components never import server code; the tRPC router only as a type', async () => {
    const serverImport = `import { getDb } from '@/server/db/client';\nexport const db = getDb;\n`;
    expect(rulesOf(await lint('src/lib/domain/fixture.ts', serverImport))).toEqual(['no-restricted-imports']);
    expect(rulesOf(await lint('src/components/fixture.tsx', serverImport))).toEqual(['no-restricted-imports']);
    expect(rulesOf(await lint('src/lib/domain/fixture.ts', `import { x } from '../../server/db/client';\nexport const y = x;\n`))).toEqual([
      'no-restricted-imports',
    ]);
    expect(await lint('src/components/fixture.tsx', `import type { AppRouter } from '@/server/trpc/router';\nexport type Router = AppRouter;\n`)).toEqual([]);
    expect(rulesOf(await lint('src/components/fixture.tsx', `import { appRouter } from '@/server/trpc/router';\nexport const r = appRouter;\n`))).toEqual([
      'no-restricted-imports',
    ]);
  });

  it('transports reach the database only through services', async () => {
    const source = `import { getDb } from '@/server/db/client';\nexport const db = getDb;\n`;
    expect(rulesOf(await lint('src/server/http/fixture.ts', source))).toEqual(['no-restricted-imports']);
    expect(rulesOf(await lint('src/server/trpc/routers/fixture.ts', source))).toEqual(['no-restricted-imports']);
    expect(await lint('src/app/api/fixture/route.ts', source)).toEqual([]);
  });
});

describe('Drizzle: no update or delete without where', () => {
  // eslint-plugin-drizzle remembers the last property name it saw across files; the property read on the first
  // line of each body keeps these fixtures independent of what was linted before them.
  const verb = (body: string) => `import { accounts } from '@/server/db/schema';
import type { ServiceContext } from '../context';

export async function fixture({ ctx, input }: { ctx: ServiceContext; input: { id: string } }) {
  const id = input.id;
  ${body}
  return id;
}
`;

  it('reports a delete without where, on ctx.db and on a transaction', async () => {
    expect(rulesOf(await lint(SERVICE_FILE, verb('await ctx.db.delete(accounts);')))).toEqual(['drizzle/enforce-delete-with-where']);
    expect(rulesOf(await lint(SERVICE_FILE, verb('await ctx.db.transaction(async (tx) => { await tx.delete(accounts).returning(); });')))).toEqual([
      'drizzle/enforce-delete-with-where',
    ]);
  });

  it('reports an update without where', async () => {
    expect(rulesOf(await lint(SERVICE_FILE, verb('await ctx.db.update(accounts).set({ credits: 0 });')))).toEqual(['drizzle/enforce-update-with-where']);
  });

  it('passes the same statements with where, and leaves other objects’ delete/update alone', async () => {
    const withWhere = verb(`const { eq } = await import('drizzle-orm');
  await ctx.db.delete(accounts).where(eq(accounts.id, id));
  await ctx.db.update(accounts).set({ credits: 0 }).where(eq(accounts.id, id));
  new Map([[id, 1]]).delete(id);`);
    expect(await lint(SERVICE_FILE, withWhere)).toEqual([]);
  });
});

describe('settings: only src/server/config reads process.env (issue 33)', () => {
  it('reports a read of process.env in a service, a route or a component, however it is written', async () => {
    for (const [file, source] of [
      [SERVICE_FILE, 'export const limit = process.env.SOME_LIMIT;\n'],
      ['src/app/api/heartbeat/route.ts', "export const url = process.env['PUBLIC_URL'];\n"],
      ['src/components/fixture.tsx', 'const { PUBLIC_URL } = process.env;\nexport const url = PUBLIC_URL;\n'],
    ] as const) {
      const messages = await lint(file, source);
      expect(rulesOf(messages), file).toEqual(['no-restricted-syntax']);
      expect(messages[0]!.message).toContain('src/server/config');
    }
  });

  it('lets the config folder read it, and NODE_ENV (a build constant) be read anywhere', async () => {
    expect(await lint('src/server/config/fixture.ts', 'export const limit = process.env.SOME_LIMIT;\n')).toEqual([]);
    expect(await lint('src/components/fixture.tsx', "export const live = process.env.NODE_ENV === 'production';\n")).toEqual([]);
  });

  it('lets instrumentation.ts read only what Next.js inlines per runtime', async () => {
    const source = "export const node = process.env.NEXT_RUNTIME === 'nodejs';\nexport const other = process.env.SOME_LIMIT;\n";
    const messages = await lint('src/instrumentation.ts', source);
    expect(messages.map((message) => [message.ruleId, message.line])).toEqual([['no-restricted-syntax', 2]]);
  });
});

describe('import cycles (issue 33)', () => {
  // workers/handlers.ts imports mail/send-mail-job.ts for its handler: the job importing the handlers back closes a cycle.
  const JOB_FILE = 'src/server/mail/send-mail-job.ts';

  it('reports a value import that closes a cycle, by alias and by relative path alike', async () => {
    for (const source of ['@/server/workers/handlers', '../workers/handlers']) {
      const messages = await lint(JOB_FILE, `import { jobHandlers } from '${source}';\nexport const handlers = jobHandlers;\n`);
      expect(rulesOf(messages), source).toEqual(['import-x/no-cycle']);
      expect(messages[0]!.line).toBe(1);
    }
  });

  it('leaves a type-only import to tests/unit/import-cycles.test.ts (it is erased before run time)', async () => {
    const messages = await lint(JOB_FILE, "import type { JobHandlers } from '@/server/workers/handlers';\nexport type Handlers = JobHandlers;\n");
    expect(rulesOf(messages)).toEqual([]);
  });
});
