import 'server-only';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The process's Prometheus metrics (GET /api/metrics). Counters are per process, as Prometheus expects: it scrapes
 * every instance and sums. Kept on globalThis because Next.js loads this module in several bundles of one
 * process, and a metric may be registered once only. Queue figures are read from the database at scrape time
 * (queue-metrics.ts), so nothing here costs a request a query.
 */
export interface Metrics {
  registry: Registry;
  httpRequests: Counter<'method' | 'route' | 'status'>;
  httpDuration: Histogram<'method' | 'route' | 'status'>;
  webhookAttempts: Counter<'outcome'>;
  jobRuns: Counter<'kind' | 'outcome'>;
  pdfRenderDuration: Histogram<never>;
  rateLimited: Counter<'limit'>;
  idempotentReplays: Counter<'transport'>;
  queuePending: Gauge<'kind' | 'state'>;
  queueOldestAge: Gauge<'kind'>;
  blobBytes: Counter<'store' | 'direction'>;
  blobStoreDuration: Histogram<'store' | 'operation'>;
  blobStoreErrors: Counter<'store' | 'operation'>;
  mailsSent: Counter<'outcome'>;
  mailsHeldBack: Counter<'kind' | 'reason'>;
}

function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'fds_' });
  const registers = [registry];
  return {
    registry,
    httpRequests: new Counter({
      name: 'fds_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status.',
      labelNames: ['method', 'route', 'status'],
      registers,
    }),
    httpDuration: new Histogram({
      name: 'fds_http_request_duration_seconds',
      help: 'Time from the request reaching the handler to its answer, by method, route pattern and status.',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    webhookAttempts: new Counter({
      name: 'fds_webhook_attempts_total',
      help: 'Webhook delivery attempts by outcome: delivered (2xx), http_error (another status), failed (no answer: network, timeout, refused address).',
      labelNames: ['outcome'],
      registers,
    }),
    jobRuns: new Counter({
      name: 'fds_jobs_runs_total',
      help: 'Background job attempts by kind and outcome (completed, failed, released at shutdown).',
      labelNames: ['kind', 'outcome'],
      registers,
    }),
    pdfRenderDuration: new Histogram({
      name: 'fds_pdf_render_duration_seconds',
      help: 'Time to render one freight document as PDF.',
      buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers,
    }),
    rateLimited: new Counter({
      name: 'fds_rate_limited_total',
      help: 'Requests refused with 429 by the limit that refused them.',
      labelNames: ['limit'],
      registers,
    }),
    idempotentReplays: new Counter({
      name: 'fds_idempotent_replays_total',
      help: 'Requests answered from a stored answer of the same Idempotency-Key.',
      labelNames: ['transport'],
      registers,
    }),
    queuePending: new Gauge({
      name: 'fds_jobs_pending',
      help: 'Unfinished background jobs by kind and state (due: waiting for a worker; running: claimed; scheduled: due later).',
      labelNames: ['kind', 'state'],
      registers,
    }),
    queueOldestAge: new Gauge({
      name: 'fds_jobs_oldest_due_age_seconds',
      help: 'How long the oldest due, unclaimed job of each kind has waited (0 when none waits).',
      labelNames: ['kind'],
      registers,
    }),
    blobBytes: new Counter({
      name: 'fds_blob_bytes_total',
      help: 'Bytes of attachments, signatures and photos written to (direction=in) and read from (direction=out) the blob store.',
      labelNames: ['store', 'direction'],
      registers,
    }),
    blobStoreDuration: new Histogram({
      name: 'fds_blob_store_duration_seconds',
      help: 'Blob store latency by operation: put (until committed under its digest), get (until the first byte can be read), head, delete.',
      labelNames: ['store', 'operation'],
      buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    blobStoreErrors: new Counter({
      name: 'fds_blob_store_errors_total',
      help: 'Blob store failures by operation; operation=verify counts blobs whose bytes no longer hash to their digest.',
      labelNames: ['store', 'operation'],
      registers,
    }),
    mailsSent: new Counter({
      name: 'fds_mails_sent_total',
      help: 'Mails handed to the SMTP server (outcome=sent), or kept in the outbox for /dev/mailbox without SMTP_URL (outcome=kept).',
      labelNames: ['outcome'],
      registers,
    }),
    mailsHeldBack: new Counter({
      name: 'fds_mails_held_back_total',
      help: 'Mails a document change would have caused that were not sent (contract §1), by kind of event and reason: duplicate (the address had one of this document and kind within the hour) or budget (the causing account passed its daily budget for addresses without an account).',
      labelNames: ['kind', 'reason'],
      registers,
    }),
  };
}

const globalForMetrics = globalThis as unknown as { __fdsMetrics?: Metrics };

export function metrics(): Metrics {
  return (globalForMetrics.__fdsMetrics ??= createMetrics());
}

/**
 * Times one PDF render into `fds_pdf_render_duration_seconds` (for the PDF adapter): `await timePdfRender(() => render(doc))`.
 */
export async function timePdfRender<T>(render: () => Promise<T>): Promise<T> {
  const end = metrics().pdfRenderDuration.startTimer();
  try {
    return await render();
  } finally {
    end();
  }
}
