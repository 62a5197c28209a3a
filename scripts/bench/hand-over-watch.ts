/**
 * `BENCH_PARTS=watch npm run bench`: what the open hand-over screen's watch costs (issue 31 item 3, decision 0037).
 * While a hand-over screen is open the tablet asks `tablet.handOverHeads` once a second (HAND_OVER_WATCH_MS in
 * components/tablet/tablet-data.ts), as the browser sends it: a batched tRPC GET with the portal session's cookie.
 *
 * Prints (1) how many of these polls a second one `next start` answers when asked as fast as it can, with the server's
 * CPU per poll, and (2) N screens open at once, each polling once a second: the polls answered, their latency and the
 * share of one core the server spends on them. The server's own processes are measured (/proc); PostgreSQL's work
 * for the poll (one indexed read of the document and its roles) is on top, on the same machine.
 *
 * Knobs: BENCH_WATCH_SCREENS (10,50,200: the numbers of open screens), BENCH_WATCH_SECONDS (10 per figure),
 * BENCH_CONNECTIONS and BENCH_SECONDS (the saturated run, as the load part).
 */
import { DOCUMENT_BODY } from './fixtures';
import { runLoad, summarise, type LoadResult } from './load';
import type { Server } from './processes';

const numbers = (name: string, fallback: string) =>
  (process.env[name] ?? fallback).split(',').map((item) => {
    const value = Number(item.trim());
    if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must list positive whole numbers`);
    return value;
  });

/** A portal session as the browser gets it: next-auth's CSRF token, then the credentials sign-in; its cookies. */
async function portalCookies(base: string, email: string, password: string): Promise<string> {
  const jar = new Map<string, string>();
  const keep = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const pair = line.split(';')[0]!;
      jar.set(pair.slice(0, pair.indexOf('=')).trim(), pair.slice(pair.indexOf('=') + 1).trim());
    }
  };
  const cookie = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  const csrf = await fetch(`${base}/api/auth/csrf`);
  keep(csrf);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const signIn = await fetch(`${base}/api/auth/callback/credentials`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie() },
    body: new URLSearchParams({ csrfToken, username: email, password, callbackUrl: '/tablet', json: 'true' }).toString(),
  });
  keep(signIn);
  if (![...jar.keys()].some((name) => name.endsWith('next-auth.session-token'))) throw new Error(`portal sign-in failed: HTTP ${signIn.status}`);
  return cookie();
}

/** Issued documents of the account, one per screen up to `count`: each open screen watches a document of its own. */
async function issuedDocuments(base: string, token: string, count: number): Promise<string[]> {
  const headers = { Authorization: `Bearer ${token}`, Accept: 'application/json', 'Content-Type': 'application/json' };
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const created = await fetch(`${base}/api/freightdocuments`, { method: 'POST', headers, body: JSON.stringify(DOCUMENT_BODY) });
    if (created.status !== 201) throw new Error(`create: HTTP ${created.status} ${await created.text()}`);
    const { freightDocumentId } = (await created.json()) as { freightDocumentId: string };
    const issued = await fetch(`${base}/api/freightdocuments/${freightDocumentId}/issue`, { method: 'POST', headers });
    if (issued.status !== 200) throw new Error(`issue: HTTP ${issued.status} ${await issued.text()}`);
    ids.push(freightDocumentId);
  }
  return ids;
}

/** The poll exactly as httpBatchLink sends it from the hand-over screen. */
const pollPath = (freightDocumentId: string) =>
  `/api/trpc/tablet.handOverHeads?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: { freightDocumentId } }))}`;

const fixed = (value: number | undefined, digits = 1) => (value !== undefined && Number.isFinite(value) ? value.toFixed(digits) : '-');

export async function benchHandOverWatch(options: {
  next: Server;
  account: { email: string; password: string; token: string };
  connections: number;
  seconds: number;
  table: (header: string[], rows: string[][], labels: number) => string;
  progress: (message: string) => void;
}) {
  const { next } = options;
  const screens = numbers('BENCH_WATCH_SCREENS', '10,50,200');
  const watchSeconds = numbers('BENCH_WATCH_SECONDS', '10')[0]!;
  const cookie = await portalCookies(next.url, options.account.email, options.account.password);
  const ids = await issuedDocuments(next.url, options.account.token, Math.min(50, Math.max(...screens, options.connections)));
  const headers = { Cookie: cookie, Accept: 'application/json' };

  // One poll by hand first: a load of refusals would be fast and meaningless.
  const probe = await fetch(`${next.url}${pollPath(ids[0]!)}`, { headers });
  const answer = (await probe.json()) as [{ result?: { data?: { previousCommits?: string[]; status?: string } } }];
  if (probe.status !== 200 || answer[0]?.result?.data?.status !== 'ISSUED' || answer[0].result.data.previousCommits?.length !== 1)
    throw new Error(`handOverHeads: HTTP ${probe.status} ${JSON.stringify(answer)}`);

  const path = () => {
    let turn = 0;
    return () => pollPath(ids[turn++ % ids.length]!);
  };
  const measured = async (load: { connections: number; seconds: number; connectionRate?: number }): Promise<LoadResult & { coreShare?: number }> => {
    const cpuBefore = next.cpuSeconds();
    const run = await runLoad({ url: next.url, method: 'GET', path: path(), headers, ...load });
    const cpuAfter = next.cpuSeconds();
    const cpuSeconds = cpuBefore !== undefined && cpuAfter !== undefined ? cpuAfter - cpuBefore : undefined;
    return { ...summarise([{ ...run, cpuSeconds }]), ...(cpuSeconds !== undefined ? { coreShare: cpuSeconds / run.seconds } : {}) };
  };

  options.progress(`hand-over watch: warm-up, then ${options.seconds}s × ${options.connections} connections as fast as answered`);
  await runLoad({ url: next.url, method: 'GET', path: path(), headers, connections: options.connections, seconds: 2 });
  const saturated = await measured({ connections: options.connections, seconds: options.seconds });
  type Measured = Awaited<ReturnType<typeof measured>>;
  const row = (label: string, result: Measured) => [
    label,
    fixed(result.rps),
    fixed(result.p50),
    fixed(result.p99),
    fixed(result.cpuMsPerRequest, 3),
    result.coreShare !== undefined ? `${fixed(100 * result.coreShare, 0)} %` : '-',
    String(result.non2xx + result.errors),
  ];
  const rows = [row(`as fast as answered (${options.connections} connections)`, saturated)];
  for (const count of screens) {
    options.progress(`hand-over watch: ${count} open screens, one poll a second each, ${watchSeconds}s`);
    rows.push(row(`${count} open screens × 1 poll/s`, await measured({ connections: count, seconds: watchSeconds, connectionRate: 1 })));
  }
  console.log(
    `\nHand-over watch (issue 31): tablet.handOverHeads as an open hand-over screen polls it (batched tRPC GET, portal session), ` +
      `${ids.length} issued documents; CPU of the next start process group, PostgreSQL apart`,
  );
  console.log(options.table(['load', 'polls/s', 'p50 ms', 'p99 ms', 'CPU ms/poll', 'CPU of one core', 'non-2xx'], rows, 1));
  if (saturated.cpuMsPerRequest)
    console.log(
      `one core of this machine answers about ${fixed(1000 / saturated.cpuMsPerRequest, 0)} polls/s in the server's own CPU: ` +
        `that many hand-over screens open at once, at one poll a second each (measured saturated: ${fixed(saturated.rps, 0)} polls/s with PostgreSQL on the same cores)`,
    );
}
