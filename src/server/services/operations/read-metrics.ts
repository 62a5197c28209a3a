import { constantTimeEqual } from '@/server/crypto/tokens';
import { fail } from '@/server/errors';
import { metrics } from '@/server/observability/metrics';
import { refreshQueueMetrics } from '@/server/jobs/queue-metrics';
import type { ServiceContext } from '../context';

/**
 * GET /api/metrics (contract §12): absent (2.2, like any unknown path) unless METRICS_TOKEN is set; then only for
 * that bearer token, compared in constant time. The queue figures are read from the database now, at scrape time.
 */
export async function readMetrics({ ctx, input }: { ctx: ServiceContext; input: { bearer?: string } }) {
  const expected = ctx.config.METRICS_TOKEN;
  if (!expected) fail('2.2');
  if (!input.bearer) fail('1.8');
  if (!constantTimeEqual(input.bearer, expected)) fail('1.11');
  await refreshQueueMetrics(ctx.db);
  const { registry } = metrics();
  return { contentType: registry.contentType, text: await registry.metrics() };
}
