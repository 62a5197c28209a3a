/**
 * One fixed-duration load with autocannon. Latency percentiles are computed here from every response time
 * (autocannon's own histogram has no p95); req/s counts every answered request, non-2xx are reported beside.
 */
import autocannon from 'autocannon';

export interface LoadOptions {
  url: string;
  method: 'GET' | 'POST';
  /** The path of every request, or a function giving the next path (to rotate document ids). */
  path: string | (() => string);
  headers: Record<string, string>;
  body?: string;
  connections: number;
  seconds: number;
  /** Stop after this many requests instead of after `seconds`. */
  amount?: number;
  /** Seconds before a request counts as timed out (autocannon's default is 10). */
  timeoutSeconds?: number;
  /** Requests per second of each connection (a screen that polls); none: as fast as the server answers. */
  connectionRate?: number;
}

export interface LoadRun {
  /** Response times in ms of every answered request. */
  latencies: number[];
  seconds: number;
  non2xx: number;
  errors: number;
  /** CPU seconds the server's processes used meanwhile, when measured. */
  cpuSeconds?: number;
}

export interface LoadResult {
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** The server's CPU time per answered request, when every run measured it. */
  cpuMsPerRequest?: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** Figures over one or more runs of the same load (their latencies pooled, their durations added). */
export function summarise(runs: LoadRun[]): LoadResult {
  const latencies = runs.flatMap((run) => run.latencies).sort((a, b) => a - b);
  const seconds = runs.reduce((sum, run) => sum + run.seconds, 0);
  return {
    requests: latencies.length,
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    non2xx: runs.reduce((sum, run) => sum + run.non2xx, 0),
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
    ...(runs.every((run) => run.cpuSeconds !== undefined) && latencies.length > 0
      ? { cpuMsPerRequest: (1000 * runs.reduce((sum, run) => sum + run.cpuSeconds!, 0)) / latencies.length }
      : {}),
  };
}

export function runLoad(options: LoadOptions): Promise<LoadRun> {
  const next = typeof options.path === 'function' ? options.path : () => options.path as string;
  const latencies: number[] = [];
  let non2xx = 0;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.url,
        connections: options.connections,
        duration: options.seconds,
        ...(options.amount ? { amount: options.amount } : {}),
        timeout: options.timeoutSeconds ?? 10,
        ...(options.connectionRate ? { connectionRate: options.connectionRate } : {}),
        requests: [
          {
            method: options.method,
            headers: options.headers,
            body: options.body,
            // setupRequest runs before every request, so the path can rotate through document ids.
            setupRequest: (request) => ({ ...request, path: next() }),
          },
        ],
      },
      (error, result) => {
        if (error) return reject(error);
        resolve({ latencies, seconds: result.duration || options.seconds, non2xx, errors: result.errors + result.timeouts });
      },
    );
    instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
      latencies.push(responseTime);
      if (statusCode < 200 || statusCode > 299) non2xx += 1;
    });
  });
}
