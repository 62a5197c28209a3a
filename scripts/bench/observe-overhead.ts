/**
 * What the request id, the access log line and the request metrics cost per request (observability/observe-request.ts),
 * measured in-process around a handler that does nothing: the difference is the whole overhead. Prints to stderr;
 * run with stdout sent where the logs should go, e.g.
 *   npx tsx --conditions=react-server scripts/bench/observe-overhead.ts > /dev/null
 */
import { observed } from '@/server/observability/observe-request';

const ROUNDS = Number(process.env.OVERHEAD_ROUNDS ?? 50_000);
const handler = async () => new Response('{}', { status: 200, headers: { 'Content-Type': 'application/json' } });
const wrapped = observed(handler, () => '/api/freightdocuments/[id]');
const request = () => new Request('http://127.0.0.1/api/freightdocuments/x', { headers: { 'X-Request-Id': 'bench' } });

async function timeIt(run: () => Promise<Response>): Promise<number> {
  const started = process.hrtime.bigint();
  for (let i = 0; i < ROUNDS; i += 1) await run();
  return Number(process.hrtime.bigint() - started) / ROUNDS / 1000;
}

async function main() {
  // Warm-up, then alternate so that drift weighs on both alike.
  await timeIt(() => wrapped(request(), {}));
  const bareCall = () => (request(), handler());
  const bare = [await timeIt(bareCall), await timeIt(bareCall)];
  const observedTimes = [await timeIt(() => wrapped(request(), {})), await timeIt(() => wrapped(request(), {}))];
  const avg = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  process.stderr.write(
    `observe-request overhead (${ROUNDS} calls, LOG_LEVEL=${process.env.LOG_LEVEL ?? 'info'}): bare handler ${avg(bare).toFixed(2)} µs, ` +
      `observed ${avg(observedTimes).toFixed(2)} µs, overhead ${(avg(observedTimes) - avg(bare)).toFixed(2)} µs per request\n`,
  );
}

void main();
