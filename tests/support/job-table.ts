/**
 * The job table of a test server, read from outside it: straight from PostgreSQL (DATABASE_URL in the server's
 * admin environment), or, for a PGlite server (only its own process may open DATA_DIR), through its
 * `fds_jobs_pending` gauges, which /api/metrics reads from the table when asked (the server needs a METRICS_TOKEN).
 * `jobsSettled` is the fact that ends "nothing more arrives" (issue 33: tests wait for a fact, not a time): no job of
 * the kinds is due, running or scheduled, so no mail and no webhook can still be sent. A sleep that gave a duplicate
 * "time to show up" proved nothing on a slow machine and wasted time on a fast one.
 */
import postgres from 'postgres';
import { vi } from 'vitest';

export interface JobTableTarget {
  baseUrl: string;
  adminEnv: Record<string, string>;
}

/** A METRICS_TOKEN for the servers whose job table the tests read on PGlite: the shared one and some files' own. */
export const TEST_METRICS_TOKEN = 'metrics-token-of-the-tests-0123456789';

export type JobKind = 'mail.send' | 'webhook.deliver' | (string & {});

/** Unfinished jobs of `kinds` by state, as the `fds_jobs_pending` gauge names them (due, running, scheduled). */
export async function unfinishedJobs(target: JobTableTarget, kinds: readonly JobKind[], metricsToken = TEST_METRICS_TOKEN) {
  const databaseUrl = target.adminEnv.DATABASE_URL;
  if (databaseUrl) {
    const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
    try {
      const rows = await sql<{ state: string; count: number }[]>`
        select case when locked_until is not null and locked_until >= now() then 'running'
                    when run_at <= now() then 'due' else 'scheduled' end as state, count(*)::int as count
        from jobs where completed_at is null and failed_at is null and kind in ${sql(kinds as string[])}
        group by 1`;
      const counts = { due: 0, running: 0, scheduled: 0 };
      for (const row of rows) counts[row.state as keyof typeof counts] = row.count;
      return counts;
    } finally {
      await sql.end();
    }
  }
  const reply = await fetch(`${target.baseUrl}/api/metrics`, { headers: { Authorization: `Bearer ${metricsToken}`, Accept: 'text/plain' } });
  if (reply.status !== 200) throw new Error(`/api/metrics answered ${reply.status}: start the server with METRICS_TOKEN=TEST_METRICS_TOKEN`);
  const counts = { due: 0, running: 0, scheduled: 0 };
  for (const match of (await reply.text()).matchAll(/^fds_jobs_pending\{kind="([^"]+)",state="([^"]+)"\} (\d+)/gm)) {
    const [, kind, state, count] = match as unknown as [string, string, 'due' | 'running' | 'scheduled', string];
    if (kinds.includes(kind)) counts[state] += Number(count);
  }
  return counts;
}

/** Waits until no job of `kinds` is left unfinished (polls with a deadline: vi.waitFor). */
export async function jobsSettled(target: JobTableTarget, kinds: readonly JobKind[], { timeoutMs = 20_000, metricsToken = TEST_METRICS_TOKEN } = {}) {
  await vi.waitFor(
    async () => {
      const left = await unfinishedJobs(target, kinds, metricsToken);
      if (Object.values(left).some((count) => count > 0)) throw new Error(`unfinished jobs of ${kinds.join(', ')}: ${JSON.stringify(left)}`);
    },
    { timeout: timeoutMs, interval: 100 },
  );
}
