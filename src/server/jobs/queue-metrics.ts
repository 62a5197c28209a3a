import 'server-only';
import type { DbOrTx } from '@/server/db/client';
import { JOB_KIND_NAMES } from './kinds';
import { queueFigures } from './queue';
import { metrics } from '@/server/observability/metrics';

/** Sets the queue gauges from the database: called by the metrics endpoint just before it renders. */
export async function refreshQueueMetrics(db: DbOrTx): Promise<void> {
  const figures = await queueFigures(db);
  const { queuePending, queueOldestAge } = metrics();
  queuePending.reset();
  queueOldestAge.reset();
  for (const kind of JOB_KIND_NAMES) {
    for (const state of ['due', 'running', 'scheduled'] as const) queuePending.set({ kind, state }, 0);
    queueOldestAge.set({ kind }, 0);
  }
  for (const figure of figures) {
    queuePending.set({ kind: figure.kind, state: figure.state }, figure.count);
    if (figure.state === 'due') queueOldestAge.set({ kind: figure.kind }, figure.oldestDueSeconds);
  }
}
