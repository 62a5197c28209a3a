/**
 * The blob part of `npm run bench` (issue 37): with the local store and with an S3-protocol server (s3rver, in this
 * process), the server's resident memory while BENCH_BLOB_CLIENTS (8) clients upload and then download 10 MB files
 * (BENCH_BLOB_ROUNDS (3) each), and the upload and download throughput; then the size of a database holding
 * BENCH_BLOB_DOCUMENTS (10,000) documents with a signature and two 300 KB photos each, with the bytes in the
 * database (as before issue 37) and without them (metadata and digests only).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import S3rver from 's3rver';
import { openPostgres } from '@/server/db/client';
import { DOCUMENT_BODY } from './fixtures';
import { freePort, groupRssBytes, NEXT_CLI, startServer, type Server } from './processes';
import { seedDocuments, seedOtherAccounts } from './seed';

const count = (name: string, fallback: number) => Math.max(1, Math.round(Number(process.env[name] ?? fallback)));
const CLIENTS = count('BENCH_BLOB_CLIENTS', 8);
const ROUNDS = count('BENCH_BLOB_ROUNDS', 3);
const DOCUMENTS = count('BENCH_BLOB_DOCUMENTS', 10_000);
const FILE_BYTES = 10 * 1024 * 1024 - 4096;
const MB = 1024 * 1024;

export interface BlobBenchOptions {
  env: NodeJS.ProcessEnv;
  /** A bearer token of an account on the bench's database. */
  token: string;
  /** Where scratch databases are created. */
  maintenanceUrl: string;
  progress: (message: string) => void;
}

/** One 10 MB PDF's base64, unique per upload: a unique head (a multiple of 3 bytes) before a shared random body. */
function fileMaker() {
  const body = crypto.randomBytes(FILE_BYTES - 48).toString('base64');
  return () => {
    const head = Buffer.alloc(48, ' ');
    head.write(`%PDF-1.4\n% ${crypto.randomUUID()}\n`);
    return head.toString('base64') + body;
  };
}

interface StoreFigures {
  store: string;
  idleMb: number;
  uploadPeakMb: number;
  downloadPeakMb: number;
  uploadMbPerSecond: number;
  downloadMbPerSecond: number;
}

async function measureStore(label: string, server: Server, token: string, progress: BlobBenchOptions['progress']): Promise<StoreFigures> {
  const headers = { Authorization: `Bearer ${token}`, Accept: 'application/json', 'Content-Type': 'application/json' };
  const nextFile = fileMaker();
  const upload = async () => {
    const created = await fetch(`${server.url}/api/freightdocuments`, { method: 'POST', headers, body: JSON.stringify(DOCUMENT_BODY) });
    const { freightDocumentId } = (await created.json()) as { freightDocumentId: string };
    const added = await fetch(`${server.url}/api/freightdocuments/${freightDocumentId}/attachments`, {
      method: 'POST',
      headers,
      body: `{"type":"GOODS","originalFileName":"big.pdf","content":"${nextFile()}"}`,
    });
    if (added.status !== 201) throw new Error(`upload on ${label}: HTTP ${added.status} ${await added.text()}`);
    return ((await added.json()) as { attachmentId: string }).attachmentId;
  };
  const download = async (id: string) => {
    const reply = await fetch(`${server.url}/api/attachment/${id}/content`, { headers: { Authorization: `Bearer ${token}`, Accept: '*/*' } });
    let bytes = 0;
    const reader = reply.body!.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) bytes += read.value.byteLength;
    if (reply.status !== 200 || bytes < FILE_BYTES) throw new Error(`download on ${label}: HTTP ${reply.status}, ${bytes} bytes`);
  };
  const rss = () => (groupRssBytes(server.child.pid!) ?? 0) / MB;
  // Warm: the routes compiled, the store's first write done; then what the idle server holds.
  await download(await upload());
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const idleMb = rss();
  let peak = idleMb;
  const sampler = setInterval(() => (peak = Math.max(peak, rss())), 100);
  try {
    let started = performance.now();
    const ids = await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        const mine: string[] = [];
        for (let round = 0; round < ROUNDS; round += 1) mine.push(await upload());
        return mine;
      }),
    );
    const uploadSeconds = (performance.now() - started) / 1000;
    const uploadPeakMb = peak;
    progress(`${label}: ${CLIENTS * ROUNDS} uploads of 10 MB in ${uploadSeconds.toFixed(1)} s, peak RSS ${uploadPeakMb.toFixed(0)} MB`);
    peak = rss();
    started = performance.now();
    await Promise.all(ids.map(async (mine) => mine.reduce((previous, id) => previous.then(() => download(id)), Promise.resolve())));
    const downloadSeconds = (performance.now() - started) / 1000;
    const total = (CLIENTS * ROUNDS * FILE_BYTES) / MB;
    return {
      store: label,
      idleMb,
      uploadPeakMb,
      downloadPeakMb: peak,
      uploadMbPerSecond: total / uploadSeconds,
      downloadMbPerSecond: total / downloadSeconds,
    };
  } finally {
    clearInterval(sampler);
  }
}

/** The size of a database of DOCUMENTS documents with a signature and two 300 KB photos each, bytes in it or not. */
async function databaseSizes(options: BlobBenchOptions) {
  const maintenance = postgres(options.maintenanceUrl, { max: 1, onnotice: () => {} });
  const name = `fds_bench_blobs_${Date.now().toString(36)}_${process.pid}`;
  await maintenance.unsafe(`create database "${name}"`);
  const url = Object.assign(new URL(options.maintenanceUrl), { pathname: `/${name}` }).toString();
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await (await openPostgres(url)).close(); // migrated
    const [owner] = await seedOtherAccounts(sql, 1);
    options.progress(`database size: seeding ${DOCUMENTS} documents`);
    await seedDocuments(sql, { prefix: 'blobs', from: 1, to: DOCUMENTS, owners: [owner!], serviceNumberBase: 700e9, status: 'draft' });
    // Three files per document: a 20 KB signature and two 300 KB photos, named by distinct digests.
    const files = [
      { type: 'SIGNATURE', mime: 'image/png', size: 20 * 1024 },
      { type: 'COMMENT', mime: 'image/jpeg', size: 300 * 1024 },
      { type: 'COMMENT', mime: 'image/jpeg', size: 300 * 1024 },
    ];
    for (const [index, file] of files.entries()) {
      await sql`
        insert into attachments (id, document_id, type, original_file_name, mime_type, sealed, size, sha256)
        select md5(d.id || ${index}), d.id, ${file.type}, 'file', ${file.mime}, ${file.type === 'SIGNATURE'}, ${file.size}, encode(sha256((d.id || ${index})::bytea), 'hex')
        from freight_documents d`;
    }
    await sql.unsafe('vacuum (analyze)');
    const [after] = await sql<{ bytes: string }[]>`select pg_database_size(current_database())::text as bytes`;
    options.progress('database size: the same files with their bytes in the database (as before issue 37)');
    // Photos do not compress (JPEG): random bytes, one value per size, stored once per row (TOAST shares nothing).
    for (const file of files.slice(0, 2)) {
      await sql`update attachments set content = ${crypto.randomBytes(file.size)} where type = ${file.type}`;
    }
    await sql.unsafe('vacuum (analyze)');
    const [before] = await sql<{ bytes: string }[]>`select pg_database_size(current_database())::text as bytes`;
    return { before: Number(before!.bytes) / MB, after: Number(after!.bytes) / MB };
  } finally {
    await sql.end();
    await maintenance.unsafe(`drop database if exists "${name}" with (force)`);
    await maintenance.end();
  }
}

export async function benchBlobs(options: BlobBenchOptions): Promise<void> {
  const { env, progress } = options;
  console.log(
    `\nBlobs (issue 37): ${CLIENTS} clients upload ${ROUNDS} files of 10 MB each (REST, base64 JSON) and then download them, ` +
      'against each store; RSS of the server process group sampled every 100 ms.',
  );
  const s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fds-bench-s3-'));
  const blobDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fds-bench-blobs-'));
  const s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: s3Dir, configureBuckets: [{ name: 'bench', configs: [] }] });
  const { port: s3Port } = (await s3.run()) as { port: number };
  const stores: [string, Record<string, string>][] = [
    ['local disk', { BLOB_STORE: 'local', BLOB_DIR: blobDir }],
    [
      's3 (s3rver)',
      {
        BLOB_STORE: 's3',
        BLOB_S3_BUCKET: 'bench',
        BLOB_S3_REGION: 'us-east-1',
        BLOB_S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
        BLOB_S3_FORCE_PATH_STYLE: 'true',
        BLOB_S3_ACCESS_KEY_ID: 'S3RVER',
        BLOB_S3_SECRET_ACCESS_KEY: 'S3RVER',
      },
    ],
  ];
  const rows: StoreFigures[] = [];
  try {
    for (const [label, settings] of stores) {
      const port = await freePort();
      const server = await startServer({
        name: `blobs-${label}`,
        args: [NEXT_CLI, 'start', '-p', String(port), '-H', '127.0.0.1'],
        env: { ...env, ...settings, PORT: String(port) },
        port,
        readyPath: '/api/heartbeat',
      });
      try {
        rows.push(await measureStore(label, server, options.token, progress));
      } finally {
        await server.stop();
      }
    }
  } finally {
    await s3.close();
    fs.rmSync(s3Dir, { recursive: true, force: true });
    fs.rmSync(blobDir, { recursive: true, force: true });
  }
  const pad = (values: string[]) => values.map((value, index) => (index === 0 ? value.padEnd(12) : value.padStart(16))).join('  ');
  console.log(pad(['store', 'idle RSS MB', 'upload peak MB', 'download peak MB', 'upload MB/s', 'download MB/s']));
  for (const row of rows) {
    console.log(
      pad([
        row.store,
        row.idleMb.toFixed(0),
        row.uploadPeakMb.toFixed(0),
        row.downloadPeakMb.toFixed(0),
        row.uploadMbPerSecond.toFixed(1),
        row.downloadMbPerSecond.toFixed(1),
      ]),
    );
  }
  const sizes = await databaseSizes(options);
  console.log(
    `Database size, ${DOCUMENTS} documents with a signature and two 300 KB photos each: ${sizes.before.toFixed(0)} MB with the bytes in the ` +
      `database (before), ${sizes.after.toFixed(0)} MB with metadata and digests only (after): ${((sizes.after / sizes.before) * 100).toFixed(2)} %`,
  );
}
