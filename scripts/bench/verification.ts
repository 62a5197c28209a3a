/**
 * The verification part of `npm run bench` (issue 32): a document with BENCH_VERIFY_COMMENTS (1,000) comments of 4 KB,
 * made through the API; how much the database grew for it (pg_database_size: before version 5 every commit embedded
 * every comment, 380 MB for 600); then its public verification page, first with the chain check started over (the
 * kept result removed: what the first visit of a document costs) and again (answered from the result kept per head),
 * while the heartbeat is asked one at a time from this process.
 *
 * Knobs: BENCH_VERIFY_COMMENTS (1000), BENCH_VERIFY_VISITS (5 visits each way).
 */
import crypto from 'node:crypto';
import type { Sql } from 'postgres';
import { DOCUMENT_BODY } from './fixtures';
import type { Server } from './processes';

const count = (name: string, fallback: number) => Math.max(1, Math.round(Number(process.env[name] ?? fallback)));
const COMMENTS = count('BENCH_VERIFY_COMMENTS', 1000);
const VISITS = count('BENCH_VERIFY_VISITS', 5);

const progress = (message: string) => process.stderr.write(`· ${message}\n`);
const fixed = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : '-');
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

async function json(response: Response, status: number, what: string) {
  const text = await response.text();
  if (response.status !== status) throw new Error(`${what}: HTTP ${response.status} ${text}`);
  return JSON.parse(text) as Record<string, unknown>;
}

/** Visits the page `visits` times, while heartbeats are asked one after another: page times and heartbeat times, in ms. */
async function visitWithHeartbeats(server: Server, pagePath: string, visits: number, beforeEach: () => Promise<void>) {
  const pages: number[] = [];
  const beats: number[] = [];
  let visiting = true;
  const heartbeat = (async () => {
    while (visiting) {
      const started = performance.now();
      await (await fetch(`${server.url}/api/heartbeat`)).arrayBuffer();
      beats.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  for (let visit = 0; visit < visits; visit += 1) {
    await beforeEach();
    const started = performance.now();
    const response = await fetch(`${server.url}${pagePath}`);
    const html = await response.text();
    pages.push(performance.now() - started);
    if (response.status !== 200 || !html.includes('banner-success')) throw new Error(`verification page: HTTP ${response.status}, chain not shown intact`);
  }
  visiting = false;
  await heartbeat;
  return { pages, beats };
}

export async function benchVerification(options: { next: Server; sql: Sql; token: string; accountNumber: string }) {
  const { next, sql, token, accountNumber } = options;
  const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
  const created = await json(
    await fetch(`${next.url}/api/freightdocuments`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ ...DOCUMENT_BODY, status: 'ISSUED', carrier: { name: 'Bench Trucks', submittedAccountNumber: accountNumber } }),
    }),
    201,
    'create',
  );
  const id = String(created.freightDocumentId);
  const document = await json(await fetch(`${next.url}/api/freightdocuments/${id}`, { headers }), 200, 'get');
  let head = (document.previousCommits as string[])[0]!;
  const size = async () => Number((await sql<{ bytes: string }[]>`select pg_database_size(current_database())::text as bytes`)[0]!.bytes);
  const before = await size();
  progress(`adding ${COMMENTS} comments of 4 KB to one document`);
  const started = performance.now();
  for (let index = 0; index < COMMENTS; index += 1) {
    // Random letters: text that compresses well would hide what the database keeps.
    const text = `${index} ${crypto.randomBytes(3000).toString('base64')}`.slice(0, 4000);
    const comment = await json(
      await fetch(`${next.url}/api/freightdocuments/${id}/comments`, { method: 'POST', headers, body: JSON.stringify({ text, previousCommits: [head] }) }),
      201,
      'comment',
    );
    head = String(comment.commitId);
    if ((index + 1) % 250 === 0) progress(`${index + 1} comments`);
  }
  const commentMs = (performance.now() - started) / COMMENTS;
  const grownMb = ((await size()) - before) / 1024 / 1024;
  const page = new URL(String(document.verificationUrl)).pathname;
  progress('visiting the verification page');
  const cold = await visitWithHeartbeats(next, page, VISITS, async () => {
    await sql`delete from document_chain_checks where document_id = ${id}`;
  });
  const warm = await visitWithHeartbeats(next, page, VISITS, async () => undefined);
  console.log(
    `\nVerification page of one document with ${COMMENTS} comments of 4 KB (${fixed(commentMs)} ms per comment added; ` +
      `database +${fixed(grownMb)} MB for the document)`,
  );
  console.log('visit                      visits  page p50 ms  page max ms  heartbeats  beat p50 ms  beat max ms');
  for (const [label, run] of [
    ['chain checked from start', cold],
    ['result kept per head', warm],
  ] as const) {
    console.log(
      `${label.padEnd(25)}  ${String(run.pages.length).padStart(6)}  ${fixed(median(run.pages)).padStart(11)}  ${fixed(Math.max(...run.pages)).padStart(11)}  ` +
        `${String(run.beats.length).padStart(10)}  ${fixed(median(run.beats)).padStart(11)}  ${fixed(Math.max(...run.beats)).padStart(11)}`,
    );
  }
}
