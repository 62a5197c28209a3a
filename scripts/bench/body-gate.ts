/**
 * The body gate part of `npm run bench` (issue 32, H1): the many-keys bodies of the finding sent to every public
 * surface (REST, OAuth token, tRPC procedures without a session and a batch naming the hand-over answer, next-auth's
 * sign-in) and to an authenticated `POST /freightdocuments`, all at once, while a process of its own times the
 * heartbeat every 10 ms. Prints each attack's answers and the heartbeat's median and maximum: contract §1 wants no
 * request to hold the request thread over 100 ms (issue 32's test bounds: median 100 ms, maximum 300 ms).
 *
 * Knobs: BENCH_GATE_ROUNDS (5: each attack this many times in its own lane).
 */
import { startHeartbeatProbe } from '../../tests/support/heartbeat-probe';
import { floodBodies } from '../../tests/support/flood-bodies';
import { postRawBody } from '../../tests/support/raw-request';
import type { Server } from './processes';

const ROUNDS = Math.max(1, Math.round(Number(process.env.BENCH_GATE_ROUNDS ?? 5)));
const FORM = 'application/x-www-form-urlencoded';

export async function benchBodyGate(options: {
  next: Server;
  token: string;
  basic: string;
  table: (head: string[], rows: string[][], numeric: number) => string;
  progress: (message: string) => void;
}) {
  const { next, token, basic, table, progress } = options;
  progress('body gate: building the flood bodies');
  const bodies = floodBodies();
  const send = async (path: string, body: Buffer, extra: { type?: string; chunked?: boolean; headers?: Record<string, string> } = {}) => {
    const started = performance.now();
    const answer = await postRawBody(next.url, {
      path,
      declareLength: !extra.chunked,
      totalBytes: body.length,
      chunk: extra.chunked ? body.subarray(0, 256 * 1024) : body,
      contentType: extra.type ?? 'application/json',
      headers: extra.headers,
    });
    const code = /"code":"([\d.]+)"/.exec(answer.body)?.[1] ?? '-';
    return { answer: `${answer.status} ${code}`, ms: performance.now() - started };
  };
  const auth = { Authorization: `Bearer ${token}` };
  const attacks: [string, () => ReturnType<typeof send>][] = [
    ['POST /oauth/token, 1 MiB of form fields', () => send('/api/oauth/token', bodies.formFields, { type: FORM })],
    ['POST /oauth/token, 2.2M keys as JSON (chunked)', () => send('/api/oauth/token', bodies.millionsOfKeys, { chunked: true })],
    ['POST /accounts/users, 1 MiB of keys', () => send('/api/accounts/users', bodies.keys1MiB, { headers: { Authorization: basic } })],
    ['tRPC account.signUp, 1 MiB of keys', () => send('/api/trpc/account.signUp', bodies.keys1MiB)],
    ['tRPC account.signUp, 8M {} (chunked)', () => send('/api/trpc/account.signUp', bodies.eightMillionEmpties, { chunked: true })],
    ['tRPC tablet.answerHandover, 2.2M keys (chunked)', () => send('/api/trpc/tablet.answerHandover', bodies.millionsOfKeys, { chunked: true })],
    [
      'tRPC batch with answerHandover, 2.2M keys (chunked)',
      () => send('/api/trpc/account.signUp,tablet.answerHandover?batch=1', bodies.millionsOfKeys, { chunked: true }),
    ],
    ['next-auth credentials, 1 MiB of form fields', () => send('/api/auth/callback/credentials', bodies.formFields, { type: FORM })],
    ['POST /freightdocuments, 2.2M keys (authenticated)', () => send('/api/freightdocuments', bodies.millionsOfKeys, { headers: auth })],
    ['POST /freightdocuments, 8M {} (authenticated)', () => send('/api/freightdocuments', bodies.eightMillionEmpties, { headers: auth })],
    ['tRPC account.signUp, 1 MiB within the counts', () => send('/api/trpc/account.signUp', bodies.within1MiB)],
    ['POST /freightdocuments, 200,000 values within the counts', () => send('/api/freightdocuments', bodies.withinFiles, { headers: auth })],
  ];
  progress(`body gate: ${attacks.length} attacks × ${ROUNDS}, all at once, heartbeat probed every 10 ms`);
  // Once each first: a route's first request after the start loads its code (not the body's cost).
  for (const [, attack] of attacks) await attack();
  const probe = await startHeartbeatProbe(next.url);
  const started = performance.now();
  const lanes = await Promise.all(
    attacks.map(async ([, attack]) => {
      const results: Awaited<ReturnType<typeof send>>[] = [];
      for (let round = 0; round < ROUNDS; round += 1) results.push(await attack());
      return results;
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const beats = await probe.stop();
  const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
  console.log(`\nBody gate under the many-keys flood of issue 32 H1 (${attacks.length} lanes × ${ROUNDS} rounds at once, ${seconds.toFixed(1)} s):`);
  console.log(
    table(
      ['attack', 'answer', 'median ms', 'max ms'],
      attacks.map(([name], index) => {
        const times = sorted(lanes[index]!.map((result) => result.ms));
        return [
          name,
          [...new Set(lanes[index]!.map((result) => result.answer))].join(', '),
          times[Math.floor(times.length / 2)]!.toFixed(0),
          times.at(-1)!.toFixed(0),
        ];
      }),
      2,
    ),
  );
  const p95 = sorted(beats.times)[Math.floor(beats.times.length * 0.95)] ?? 0;
  console.log(`heartbeat meanwhile: ${beats.count} answers, median ${beats.median.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${beats.max.toFixed(1)} ms`);
}
