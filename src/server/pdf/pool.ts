import 'server-only';
import os from 'node:os';
import path from 'node:path';
import { Piscina } from 'piscina';
import { getConfig } from '@/server/config/env';
import { log } from '@/server/observability/logger';
import type { CmrPdfInput } from './model';
import type { ReceiptPdfInput } from './receipt-document';
import { WARM_UP_DOCUMENT } from './warm-up-document';

/**
 * The PDF worker pool (issue 11): rendering is CPU-bound (hundreds of milliseconds for a page), so it runs in worker
 * threads and the request thread stays free for other requests. The worker file is found from the working
 * directory, like DATA_DIR: `next start` and the tests run from the repository; a path from import.meta would point
 * into .next after `next build`. Kept on globalThis: route bundles are separate module copies in one process.
 */
const WORKER_FILE = path.join(process.cwd(), 'src/server/pdf/worker-entry.mjs');

/** Contract §1: a render that takes longer is stopped (its thread terminated) and answered 5.0. */
export const PDF_RENDER_BUDGET_MS = 20_000;

/** A render stopped because it ran over its budget; the service answers it with 5.0. */
export class PdfRenderOverBudget extends Error {
  constructor(readonly documentId: string) {
    super(`PDF render of ${documentId} stopped after its budget`);
    this.name = 'PdfRenderOverBudget';
  }
}

export interface PdfPoolOptions {
  filename: string;
  threads: number;
  budgetMs: number;
  /**
   * react-pdf's reconciler keeps every rendered root in its schedule list (about 120 KB each, found with heap
   * snapshots), so the threads are renewed after this many renders: a fresh Piscina takes over and the old one
   * closes once its renders in flight are done, giving back all its memory.
   */
  rendersPerPool: number;
  /** Rendered by every new set of threads before its first real document (warm-up-document.ts); none in tests of the pool itself. */
  warmUp?: unknown;
}

/** Whose render it is: one account's renders run one at a time; the document names it in the log. */
export interface RenderOwner {
  accountId: string;
  documentId: string;
}

/**
 * Renders on worker threads within a time budget, one render per account at a time: an account's next render waits
 * for its previous one, so the pool's queue holds at most one render per account and every account takes its turn
 * (a free account with a slow document cannot hold every thread, and queues only behind itself).
 */
export class PdfRenderPool {
  private piscina: Piscina | undefined;
  private renders = 0;
  private readonly perAccount = new Map<string, Promise<unknown>>();

  constructor(private readonly options: PdfPoolOptions) {}

  render<T = Uint8Array>(task: unknown, owner: RenderOwner): Promise<T> {
    const previous = this.perAccount.get(owner.accountId) ?? Promise.resolve();
    const turn = previous.then(() => this.run<T>(task, owner));
    const settled = turn.catch(() => undefined);
    this.perAccount.set(owner.accountId, settled);
    void settled.then(() => {
      if (this.perAccount.get(owner.accountId) === settled) this.perAccount.delete(owner.accountId);
    });
    return turn;
  }

  async close(): Promise<void> {
    const running = this.piscina;
    this.piscina = undefined;
    await running?.close();
  }

  /** Starts the threads and renders the warm-up page now (at boot), instead of on the first request. */
  warm(): Promise<void> {
    return this.warming(this.pool());
  }

  private pool(): Piscina {
    if (this.piscina) return this.piscina;
    const piscina = new Piscina({
      filename: this.options.filename,
      minThreads: 1,
      maxThreads: this.options.threads,
      // A thread that rendered nothing for a minute gives its memory back (react-pdf and fonts take ~60 MB).
      idleTimeout: 60_000,
      // V8's default young generation (16 MB semi-spaces): `npm start`'s --max-semi-space-size (package.json) is
      // meant for the request thread, and each render thread would otherwise take it too, with its memory.
      resourceLimits: { maxYoungGenerationSizeMb: 48 },
    });
    this.piscina = piscina;
    // A renewed pool warms up too: its first render would otherwise pay the thread's start.
    void this.warming(piscina);
    return piscina;
  }

  private readonly warmUps = new WeakMap<Piscina, Promise<void>>();
  private warming(piscina: Piscina): Promise<void> {
    let done = this.warmUps.get(piscina);
    if (!done) {
      const started = performance.now();
      done =
        this.options.warmUp === undefined
          ? Promise.resolve()
          : piscina.run(this.options.warmUp).then(
              () => log().info({ ms: Math.round(performance.now() - started) }, 'PDF renderer warmed up'),
              (error: unknown) => log().warn({ error: String(error) }, 'PDF warm-up render failed; the first PDF starts the renderer'),
            );
      this.warmUps.set(piscina, done);
    }
    return done;
  }

  private async run<T>(task: unknown, owner: RenderOwner): Promise<T> {
    const current = this.pool();
    // A render asked for while the threads warm up waits for the warm thread rather than starting a cold one.
    await this.warming(current);
    const budget = new AbortController();
    const timer = setTimeout(() => budget.abort(), this.options.budgetMs);
    const rendering = current.run(task, { signal: budget.signal }) as Promise<T>;
    this.renders += 1;
    if (this.renders >= this.options.rendersPerPool) {
      this.piscina = undefined;
      this.renders = 0;
      // close() lets the queued and running renders (this one included) finish first.
      void current.close();
    }
    try {
      return await rendering;
    } catch (error) {
      if (!budget.signal.aborted) throw error;
      // Aborting a running task terminates its thread (piscina): the render's memory goes with it.
      log().error({ documentId: owner.documentId, budgetMs: this.options.budgetMs }, 'PDF render over its budget: worker terminated');
      throw new PdfRenderOverBudget(owner.documentId);
    } finally {
      clearTimeout(timer);
    }
  }
}

/**
 * One fewer thread than the cores, but at least two: one account renders on one thread at a time, so another
 * account's PDF always finds a thread while a slow render runs out its budget.
 */
export function pdfThreads(): number {
  return getConfig().PDF_WORKER_THREADS ?? Math.max(2, os.availableParallelism() - 1);
}

const global = globalThis as unknown as { __fdsPdfPool?: PdfRenderPool };

function sharedPool(): PdfRenderPool {
  global.__fdsPdfPool ??= new PdfRenderPool({
    filename: WORKER_FILE,
    threads: pdfThreads(),
    budgetMs: getConfig().PDF_RENDER_BUDGET_MS ?? PDF_RENDER_BUDGET_MS,
    rendersPerPool: getConfig().PDF_RENDERS_PER_POOL ?? 200,
    warmUp: WARM_UP_DOCUMENT,
  });
  return global.__fdsPdfPool;
}

/** Renders one consignment note on a worker thread, in its account's turn and within the budget. */
export function renderPdfInPool(input: CmrPdfInput, owner: RenderOwner): Promise<Uint8Array> {
  return sharedPool().render<Uint8Array>(input, owner);
}

/** At boot (boot.ts): the first PDF after a start costs what the others cost (issue 24). */
export function warmPdfPool(): Promise<void> {
  return sharedPool().warm();
}

/** Renders the sender's receipt (contract §14) on the same threads, in the same turn and budget. */
export function renderReceiptInPool(input: ReceiptPdfInput, owner: RenderOwner): Promise<Uint8Array> {
  return sharedPool().render<Uint8Array>(input, owner);
}

/** On shutdown: let renders in flight finish, then end the threads. */
export async function closePdfPool(): Promise<void> {
  const running = global.__fdsPdfPool;
  global.__fdsPdfPool = undefined;
  await running?.close();
}
