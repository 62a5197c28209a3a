import 'server-only';
import os from 'node:os';
import path from 'node:path';
import { Piscina } from 'piscina';
import type { CmrPdfInput } from './model';

/**
 * The PDF worker pool (issue 11): rendering is CPU-bound (hundreds of milliseconds for a page), so it runs in worker
 * threads and the request thread stays free for other requests. One thread fewer than the cores (at least one),
 * so a burst of PDFs never takes every core from the request thread. The worker file is found from the working
 * directory, like DATA_DIR: `next start` and the tests run from the repository; a path from import.meta would point
 * into .next after `next build`. Kept on globalThis: route bundles are separate module copies in one process.
 */
const WORKER_FILE = path.join(process.cwd(), 'src/server/pdf/worker-entry.mjs');
const global = globalThis as unknown as { __fdsPdfPool?: { piscina: Piscina; renders: number } };

/**
 * react-pdf's reconciler keeps every rendered root in its schedule list (about 120 KB each, found with heap
 * snapshots; renderCmrPdf's unmount halves it), so the threads are renewed after this many renders: the pool is
 * swapped for a fresh one and the old one closes once its renders in flight are done, giving back all its memory.
 */
function rendersPerPool(): number {
  return positiveIntegerFromEnv('PDF_RENDERS_PER_POOL', 200);
}

export function pdfThreads(): number {
  return positiveIntegerFromEnv('PDF_WORKER_THREADS', Math.max(1, os.availableParallelism() - 1));
}

function positiveIntegerFromEnv(name: string, fallback: number): number {
  const configured = Number(process.env[name]);
  return Number.isInteger(configured) && configured > 0 ? configured : fallback;
}

function pool() {
  global.__fdsPdfPool ??= {
    piscina: new Piscina({
      filename: WORKER_FILE,
      minThreads: 1,
      maxThreads: pdfThreads(),
      // A thread that rendered nothing for a minute gives its memory back (react-pdf and fonts take ~60 MB).
      idleTimeout: 60_000,
    }),
    renders: 0,
  };
  return global.__fdsPdfPool;
}

/** Renders one consignment note on a worker thread. */
export async function renderPdfInPool(input: CmrPdfInput): Promise<Uint8Array> {
  const current = pool();
  const rendering: Promise<Uint8Array> = current.piscina.run(input);
  current.renders += 1;
  if (current.renders >= rendersPerPool()) {
    global.__fdsPdfPool = undefined;
    // close() lets the queued and running renders (this one included) finish first.
    void current.piscina.close();
  }
  return rendering;
}

/** On shutdown: let renders in flight finish, then end the threads. */
export async function closePdfPool(): Promise<void> {
  const running = global.__fdsPdfPool;
  global.__fdsPdfPool = undefined;
  await running?.piscina.close();
}
