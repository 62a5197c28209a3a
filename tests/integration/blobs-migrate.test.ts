/**
 * Issue 37: `npm run admin -- blobs:migrate` moves the bytes that attachments kept in the database into the blob
 * store, through the running server that holds the embedded database (only one process may open it). The server
 * is killed in the middle of it; after a restart the same command finishes, every digest verified, no file lost,
 * and the service answers every file all along from wherever it is.
 *
 * @blobs every: runs again against the S3 blob store (integration-s3, issue 37).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { REPO_ROOT, type RunningServer } from '../support/server';
import { blobAccess, sha256Hex, uniquePdf, type BlobStoreAt } from '../support/blob-access';
import { Driver, serverTarget, startOwnServer } from './driver';
import { validBody } from './documents-support';

/** The command as an operator runs it, its progress lines read as they come. */
function migrate(server: RunningServer, onProgress: (line: string) => void = () => {}) {
  const child = spawn(
    process.execPath,
    [path.join(REPO_ROOT, 'node_modules/tsx/dist/cli.mjs'), '--conditions=react-server', 'src/cli/admin.ts', 'blobs:migrate', '--batch-size', '2'],
    { cwd: REPO_ROOT, env: { ...process.env, ...server.adminEnv }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    for (const line of chunk.toString().split('\n')) if (line.startsWith('blobs:migrate:')) onProgress(line);
  });
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

/** SQL on the stopped server's embedded database (the test holds it only while the server is down). */
async function onDatabase<T>(server: RunningServer, work: (query: (sql: string, params?: unknown[]) => Promise<Record<string, unknown>[]>) => Promise<T>) {
  const { PGlite } = await import('@electric-sql/pglite');
  const database = new PGlite(path.join(server.dataDir!, 'pgdata'));
  try {
    return await work(async (sql, params) => (await database.query<Record<string, unknown>>(sql, params)).rows);
  } finally {
    await database.close();
  }
}

describe('blobs:migrate', () => {
  let server: RunningServer;
  afterAll(async () => server?.dispose());

  it('survives the server being killed in the middle: the rerun finishes, every digest verified, no file lost', async () => {
    if (inject('dbKind') !== 'pglite') return;
    server = await startOwnServer('blobs-migrate');
    const shared = inject('blobStore');
    const store = blobAccess((shared.kind === 's3' ? shared : { kind: 'local', dir: server.blobDir }) as BlobStoreAt);
    const api = new Driver(serverTarget(server));
    const client = await api.createClient({ name: 'Migration' });
    const token = (await api.login(client, await api.createActiveAccount(client))).access_token;

    // 48 files of 200 kB in 6 drafts, as the service stores them now.
    const files = new Map<string, Buffer>();
    for (let document = 0; document < 6; document += 1) {
      const bytes = Array.from({ length: 8 }, () => uniquePdf(200_000));
      const attachments = bytes.map((file, index) => ({ type: 'GOODS', originalFileName: `f${index}.pdf`, content: file.toString('base64') }));
      const created = await api.post('/api/freightdocuments', { bearer: token, json: validBody({ attachments }) });
      expect(created.status, created.text).toBe(201);
      const read = await api.get(`/api/freightdocuments/${created.body.freightDocumentId}`, { bearer: token });
      for (const attachment of read.body.attachments as { attachmentId: string; originalFileName: string }[]) {
        files.set(attachment.attachmentId, bytes[Number(/^f(\d+)\.pdf$/.exec(attachment.originalFileName)![1])]!);
      }
    }

    // Back to how attachments were kept before issue 37: bytes in the database, nothing in the store.
    await server.stop();
    await onDatabase(server, async (query) => {
      for (const [id, bytes] of files) await query('update attachments set content = $1 where id = $2', [bytes, id]);
    });
    for (const bytes of files.values()) await store.remove(sha256Hex(bytes));
    await server.restart();
    const readAll = async () => {
      for (const [id, bytes] of files) {
        const reply = await fetch(`${server.baseUrl}/api/attachment/${id}/content`, { headers: { Authorization: `Bearer ${token}`, Accept: '*/*' } });
        expect(reply.status).toBe(200);
        expect(Buffer.from(await reply.arrayBuffer()).equals(bytes)).toBe(true);
      }
    };
    await readAll();

    // Killed once a few batches went through.
    let killing: Promise<void> | undefined;
    const interrupted = await migrate(server, (line) => {
      const moved = Number(/: (\d+) of/.exec(line)?.[1] ?? 0);
      if (moved >= 6 && !killing) killing = server.kill();
    });
    await killing;
    expect(killing, interrupted.stderr).toBeDefined();
    expect(interrupted.code).not.toBe(0);
    const leftAfterCrash = await onDatabase(server, async (query) =>
      Number((await query('select count(*)::int as n from attachments where content is not null'))[0]!.n),
    );
    expect(leftAfterCrash).toBeGreaterThan(0);
    expect(leftAfterCrash).toBeLessThan(files.size);

    await server.restart();
    await readAll();
    const rerun = await migrate(server);
    expect(rerun.code, rerun.stderr).toBe(0);
    const result = JSON.parse(rerun.stdout.trim().split('\n').pop()!) as { moved: number; verified: number; remaining: number; mismatched: string[] };
    expect(result).toEqual({ moved: leftAfterCrash, verified: leftAfterCrash, remaining: 0, mismatched: [] });
    expect(rerun.stderr).toContain(`blobs:migrate: ${leftAfterCrash} of ${leftAfterCrash} moved and verified (100 %)`);
    await readAll();

    // In the store, every file under its digest; in the database, none.
    for (const bytes of files.values()) expect(sha256Hex((await store.read(sha256Hex(bytes)))!)).toBe(sha256Hex(bytes));
    await server.stop();
    expect(await onDatabase(server, async (query) => (await query('select count(*)::int as n from attachments where content is not null'))[0]!.n)).toBe(0);
  }, 240_000);
});
