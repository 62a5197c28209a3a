/**
 * Contract §1: a PDF render over its budget is stopped (its worker thread terminated) and reported; the renders of
 * one account run one at a time, so another account's PDF is served meanwhile. Driven with a stand-in worker that
 * keeps its thread busy for as long as it is told.
 */
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PdfRenderOverBudget, PdfRenderPool } from '@/server/pdf/pool';
import { WARM_UP_DOCUMENT } from '@/server/pdf/warm-up-document';

const WORKER = path.join(process.cwd(), 'tests/support/busy-pdf-worker.mjs');
type Done = { label: string; startedAt: number; endedAt: number };

let pool: PdfRenderPool | undefined;
afterEach(async () => pool?.close());

const busy = (label: string, busyMs: number, accountId: string) => pool!.render<Done>({ label, busyMs }, { accountId, documentId: `document-${label}` });

describe('PDF render budget and per-account turns', () => {
  it('a render over its budget is stopped; another account’s render is served meanwhile, and the pool keeps working', async () => {
    pool = new PdfRenderPool({ filename: WORKER, threads: 2, budgetMs: 1_500, rendersPerPool: 100 });
    await busy('warm-up', 1, 'warm');
    const started = Date.now();
    const endless = busy('endless', 60_000, 'heavy').then(
      () => 'finished',
      (error: unknown) => ({ error, after: Date.now() - started }),
    );
    const other = await busy('other', 20, 'light');
    expect(other.endedAt - started).toBeLessThan(1_500);
    const stopped = (await endless) as { error: unknown; after: number };
    expect(stopped.error).toBeInstanceOf(PdfRenderOverBudget);
    expect((stopped.error as PdfRenderOverBudget).documentId).toBe('document-endless');
    // Stopped at the budget, not when the render would have ended (60 s).
    expect(stopped.after).toBeLessThan(1_500 + 1_000);
    expect((await busy('after', 1, 'heavy')).label).toBe('after');
  });

  it('one account’s renders run one at a time, while another account renders beside them', async () => {
    pool = new PdfRenderPool({ filename: WORKER, threads: 2, budgetMs: 10_000, rendersPerPool: 100 });
    await Promise.all([busy('warm-1', 1, 'warm'), busy('warm-2', 1, 'warm-2')]);
    const [first, second, third, beside] = await Promise.all([
      busy('a1', 150, 'account-a'),
      busy('a2', 150, 'account-a'),
      busy('a3', 150, 'account-a'),
      busy('b1', 150, 'account-b'),
    ]);
    expect(second!.startedAt).toBeGreaterThanOrEqual(first!.endedAt);
    expect(third!.startedAt).toBeGreaterThanOrEqual(second!.endedAt);
    // Account b did not wait for account a's queue: it ran beside a's first render.
    expect(beside!.startedAt).toBeLessThan(second!.startedAt);
  });

  it('a failed render does not block the account’s next one', async () => {
    pool = new PdfRenderPool({ filename: WORKER, threads: 2, budgetMs: 300, rendersPerPool: 100 });
    await expect(busy('too long', 5_000, 'account-c')).rejects.toBeInstanceOf(PdfRenderOverBudget);
    expect((await busy('next', 1, 'account-c')).label).toBe('next');
  });

  it('warm(): the threads render the warm-up task at start, and a render asked meanwhile waits for the warm thread', async () => {
    pool = new PdfRenderPool({ filename: WORKER, threads: 2, budgetMs: 10_000, rendersPerPool: 100, warmUp: { label: 'warm-up', busyMs: 400 } });
    const asked = Date.now();
    const warming = pool.warm();
    const first = await busy('first', 1, 'account-d');
    await warming;
    // The warm-up ran first (it keeps its thread busy for 400 ms) and the render came after it, not on a cold thread.
    expect(first.startedAt - asked).toBeGreaterThanOrEqual(400);
  });

  it('the warm-up page is a real consignment note: the renderer prints it', async () => {
    pool = new PdfRenderPool({ filename: path.join(process.cwd(), 'src/server/pdf/worker-entry.mjs'), threads: 1, budgetMs: 60_000, rendersPerPool: 100 });
    const pdf = await pool.render<Uint8Array>(WARM_UP_DOCUMENT, { accountId: 'warm-up', documentId: WARM_UP_DOCUMENT.document.freightDocumentId });
    expect(Buffer.from(pdf.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    expect(pdf.byteLength).toBeGreaterThan(10_000);
  }, 60_000);
});
