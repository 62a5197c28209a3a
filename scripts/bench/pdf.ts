/**
 * The PDF part of `npm run bench` (issue 11): first render and cached render of `Accept: application/pdf` through
 * the server beside a raw @react-pdf/renderer render of the same page (scripts/bench/pdf-raw.mts); the server's memory after
 * BENCH_PDF_RENDERS (1,000) renders of different documents, sampled as it goes (it must stay flat); and GET JSON
 * under load alone and while PDFs render, to show that rendering leaves the request thread free; and the heartbeat's
 * answer time alone and while the largest documents allowed (500 goods lines, contract §1) render, more at once than
 * there are PDF threads (issue 20: the heartbeat stays under 100 ms whatever the server is doing).
 *
 * Knobs: BENCH_PDF_SAMPLES (30 first and raw renders), BENCH_PDF_RENDERS (1000), BENCH_PDF_CONCURRENCY (2),
 * BENCH_PDF_HEAVY (8 documents of 500 goods lines, rendered 4 at a time while the heartbeat is asked).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Sql } from 'postgres';
import { runLoad, summarise } from './load';
import { DOCUMENT_BODY } from './fixtures';
import { ROOT, type Server } from './processes';

const count = (name: string, fallback: number) => Math.max(1, Math.round(Number(process.env[name] ?? fallback)));
const SAMPLES = count('BENCH_PDF_SAMPLES', 30);
const RENDERS = count('BENCH_PDF_RENDERS', 1000);
const CONCURRENCY = count('BENCH_PDF_CONCURRENCY', 2);
const HEAVY = count('BENCH_PDF_HEAVY', 8);

const progress = (message: string) => process.stderr.write(`· ${message}\n`);
const fixed = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : '-');
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
};

/** Resident memory of the server process (all its threads: the request thread and the PDF workers), in MB. */
function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN) / 1024;
}

/** The request thread's V8 heap in use, from the server's own metrics (prom-client's default metrics), in MB. */
async function heapMb(server: Server, metricsToken: string): Promise<number> {
  const text = await (await fetch(`${server.url}/api/metrics`, { headers: { Authorization: `Bearer ${metricsToken}` } })).text();
  return Number(/^fds_nodejs_heap_size_used_bytes (\S+)$/m.exec(text)?.[1] ?? NaN) / 1024 / 1024;
}

async function timed(url: string, headers: Record<string, string>): Promise<{ ms: number; cache: string | null; bytes: number }> {
  const started = performance.now();
  const response = await fetch(url, { headers });
  const body = await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`PDF: HTTP ${response.status} ${Buffer.from(body).toString()}`);
  return { ms: performance.now() - started, cache: response.headers.get('x-cache'), bytes: body.byteLength };
}

/** Runs `work` over `items` with `concurrency` at a time. */
async function pooled<T>(items: T[], concurrency: number, work: (item: T, index: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const index = next++;
        await work(items[index]!, index);
      }
    }),
  );
}

export async function benchPdf(options: { next: Server; sql: Sql; token: string; metricsToken: string }) {
  const { next, sql, token, metricsToken } = options;
  const pdfHeaders = { Authorization: `Bearer ${token}`, Accept: 'application/pdf' };
  const total = SAMPLES + RENDERS;
  progress(`creating ${total} documents to render (REST, 4 at a time)`);
  // Made through the API, not seeded: each has its CREATE commit and snapshot, as the PDF prints them.
  const ids: string[] = [];
  await pooled(
    Array.from({ length: total }, (_, index) => index),
    4,
    async (index) => {
      const body = JSON.stringify({ ...DOCUMENT_BODY, goods: `${index + 1} pallets of bench goods` });
      const response = await fetch(`${next.url}/api/freightdocuments`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body,
      });
      if (response.status !== 201) throw new Error(`create: HTTP ${response.status} ${await response.text()}`);
      ids[index] = ((await response.json()) as { freightDocumentId: string }).freightDocumentId;
    },
  );
  const [samples, others] = [ids.slice(0, SAMPLES), ids.slice(SAMPLES)];
  const url = (id: string) => `${next.url}/api/freightdocuments/${id}`;

  // ---- raw @react-pdf/renderer in a process of its own, on the same content the server prints (no pool, no cache, no HTTP)
  const { labelLanguages } = await import('../../src/lib/pdf/label-languages');
  const json = (await (await fetch(url(samples[0]!), { headers: { Authorization: `Bearer ${token}` } })).json()) as Record<string, unknown>;
  const { ownPermissions: _o, ownDelegates: _d, allowedActions: _a, subscriptionCount: _s, verificationUrl, accesses: _x, ...document } = json;
  const inputFile = path.join(os.tmpdir(), `fds-bench-pdf-${process.pid}.json`);
  fs.writeFileSync(
    inputFile,
    JSON.stringify({ document, languages: labelLanguages({ countryCodes: ['NLD', 'DEU'] }), verificationUrl, watermark: false, signatures: {} }),
  );
  // Not execFileSync: a blocked event loop misses the server closing idle keep-alive sockets (after 5 s), and the
  // next fetch would go out on a dead one ("fetch failed").
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/bench/pdf-raw.mts', inputFile, String(SAMPLES)], {
    cwd: ROOT,
    maxBuffer: 1 << 20,
  });
  const raw = JSON.parse(stdout) as number[];
  fs.rmSync(inputFile, { force: true });

  // ---- through the server: first render (a miss per document), then the cached one
  const first: number[] = [];
  const cached: number[] = [];
  let size = 0;
  for (const id of samples) {
    const answer = await timed(url(id), pdfHeaders);
    if (answer.cache !== 'MISS') throw new Error(`first render of ${id} was ${answer.cache}`);
    first.push(answer.ms);
    size = answer.bytes;
  }
  for (let round = 0; round < 3; round += 1) {
    for (const id of samples) {
      const answer = await timed(url(id), pdfHeaders);
      if (answer.cache !== 'HIT') throw new Error(`second render of ${id} was ${answer.cache}`);
      cached.push(answer.ms);
    }
  }
  console.log(`\nPDF (GET /api/freightdocuments/{id}, Accept: application/pdf; one page, ${fixed(size / 1024)} KB; ${SAMPLES} documents)`);
  console.log(`what                                   p50 ms   p99 ms`);
  for (const [label, values] of [
    ['raw @react-pdf/renderer (same page)', raw],
    ['server, first render (worker pool)', first],
    ['server, cached render', cached],
  ] as const) {
    console.log(`${label.padEnd(37)}  ${fixed(percentile(values, 50)).padStart(7)}  ${fixed(percentile(values, 99)).padStart(7)}`);
  }
  // Issue 24: the first PDF since the server started (nothing rendered a PDF before this part) against the median
  // first render; the threads render a warm-up page at boot, so it should cost what the others cost.
  const median = percentile(first, 50);
  console.log(`first PDF since the server started: ${fixed(first[0]!)} ms, ${fixed(first[0]! / median, 2)}× the median first render (target ≤ 2×)`);

  // ---- memory over RENDERS renders of different documents, CONCURRENCY at a time
  const pid = next.child.pid!;
  const memory: string[] = [];
  const sample = async (done: number) =>
    memory.push(`${String(done).padStart(5)}  ${fixed(rssMb(pid)).padStart(8)}  ${fixed(await heapMb(next, metricsToken)).padStart(8)}`);
  await sample(0);
  const step = Math.max(1, Math.floor(RENDERS / 4));
  let rendered = 0;
  const started = performance.now();
  await pooled(others, CONCURRENCY, async (id) => {
    await timed(url(id), pdfHeaders);
    rendered += 1;
    if (rendered % step === 0 || rendered === RENDERS) {
      await sample(rendered);
      progress(`rendered ${rendered}/${RENDERS}: ${memory.at(-1)!.trim()} (renders, RSS MB, heap MB)`);
    }
  });
  console.log(
    `\nMemory of the server over ${RENDERS} renders of different documents (${CONCURRENCY} at a time, ${fixed((performance.now() - started) / 1000)} s)`,
  );
  console.log(`renders  RSS MB  heap MB (request thread)\n${memory.join('\n')}`);

  // ---- GET JSON alone, then while PDFs render (cache-busting: each PDF its own document, rendered anew)
  const jsonLoad = {
    url: next.url,
    method: 'GET' as const,
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
    connections: 4,
    seconds: 8,
  };
  let turn = 0;
  const jsonPath = () => `/api/freightdocuments/${samples[turn++ % samples.length]}`;
  const alone = summarise([await runLoad({ ...jsonLoad, path: jsonPath })]);
  await sql`delete from document_pdfs`;
  let stop = false;
  const pdfTimes: number[] = [];
  const rendering = pooled(others, CONCURRENCY, async (id) => {
    if (stop) return;
    pdfTimes.push((await timed(url(id), pdfHeaders)).ms);
  });
  const during = summarise([await runLoad({ ...jsonLoad, path: jsonPath })]);
  stop = true;
  await rendering;
  console.log(`\nGET JSON (4 connections, 8 s) alone and while ${CONCURRENCY} PDF renders run at a time (${pdfTimes.length} rendered meanwhile)`);
  console.log(`when            req/s   p50 ms   p99 ms`);
  for (const [label, result] of [
    ['alone', alone],
    ['during PDFs', during],
  ] as const) {
    console.log(`${label.padEnd(12)}  ${fixed(result.rps).padStart(7)}  ${fixed(result.p50).padStart(7)}  ${fixed(result.p99).padStart(7)}`);
  }

  await benchHeartbeat({ next, token, pdfHeaders });
}

/** Heartbeats one after another (20 ms apart) until `done` says stop: each answer's time in ms. */
async function heartbeats(server: Server, done: () => boolean): Promise<number[]> {
  const times: number[] = [];
  while (!done()) {
    const started = performance.now();
    const response = await fetch(`${server.url}/api/heartbeat`);
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`heartbeat: HTTP ${response.status}`);
    times.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return times;
}

/** Issue 20: the heartbeat alone and while the largest documents render, more at once than there are PDF threads. */
async function benchHeartbeat(options: { next: Server; token: string; pdfHeaders: Record<string, string> }) {
  const { next, token, pdfHeaders } = options;
  const { goods: _goods, ...withoutGoods } = DOCUMENT_BODY;
  const heavy: string[] = [];
  progress(`creating ${HEAVY} documents of 500 goods lines`);
  for (let index = 0; index < HEAVY; index += 1) {
    const structuredGoods = Array.from({ length: 500 }, (_, line) => ({ name: `Paper roll ${index + 1}.${line + 1}`, numberOfPackages: line + 1 }));
    const response = await fetch(`${next.url}/api/freightdocuments`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...withoutGoods, structuredGoods }),
    });
    if (response.status !== 201) throw new Error(`create: HTTP ${response.status} ${await response.text()}`);
    heavy.push(((await response.json()) as { freightDocumentId: string }).freightDocumentId);
  }
  const quietUntil = performance.now() + 5_000;
  const alone = await heartbeats(next, () => performance.now() > quietUntil);
  let rendering = true;
  const renderTimes: number[] = [];
  const startedAt = performance.now();
  const [during] = await Promise.all([
    heartbeats(next, () => !rendering),
    pooled(heavy, 4, async (id) => {
      const started = performance.now();
      // A render over the budget answers 5.0 (500): counted as a render all the same, it held its thread.
      const response = await fetch(`${next.url}/api/freightdocuments/${id}`, { headers: pdfHeaders });
      await response.arrayBuffer();
      renderTimes.push(performance.now() - started);
    }).finally(() => (rendering = false)),
  ]);
  console.log(
    `\nHeartbeat (GET /api/heartbeat, one at a time) alone and while ${HEAVY} PDFs of 500 goods lines render 4 at a time ` +
      `(${fixed((performance.now() - startedAt) / 1000)} s; render p50 ${fixed(percentile(renderTimes, 50), 0)} ms)`,
  );
  console.log(`when            count   p50 ms   p99 ms   max ms`);
  for (const [label, values] of [
    ['alone', alone],
    ['during PDFs', during],
  ] as const) {
    console.log(
      `${label.padEnd(12)}  ${String(values.length).padStart(7)}  ${fixed(percentile(values, 50)).padStart(7)}  ${fixed(percentile(values, 99)).padStart(7)}  ${fixed(Math.max(...values)).padStart(7)}`,
    );
  }
}
