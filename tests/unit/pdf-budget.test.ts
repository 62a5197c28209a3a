/**
 * Contract §1: a PDF render over its budget is stopped (its worker thread terminated) and reported; the renders of
 * one account run one at a time, so another account's PDF is served meanwhile. Driven with a stand-in worker that
 * keeps its thread busy for as long as it is told.
 */
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PdfRenderOverBudget, PdfRenderPool } from '@/server/pdf/pool';

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
});
