/**
 * The eFTI part of `npm run bench` (contract §15): the gate's `GET /v0/consignments/{datasetId}?subsetId=…` for an
 * issued document of 500 structured goods lines (each with marks and a dangerous-goods entry), on a server of its own
 * with eFTI switched on (a local stand-in answers its identifier uploads with 204). One request at a time after a
 * warm-up, as a gate asks: the target is p99 ≤ 100 ms (the gate itself waits 60 s). Knob: BENCH_EFTI_REQUESTS (200).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { DOCUMENT_BODY } from './fixtures';
import { freePort, NEXT_CLI, startServer } from './processes';

const REQUESTS = Math.max(20, Number(process.env.BENCH_EFTI_REQUESTS ?? 200));
const WARM_UP = 20;
const LINES = 500;
const progress = (message: string) => process.stderr.write(`· ${message}\n`);
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

export async function benchEfti(options: { env: NodeJS.ProcessEnv; token: string; cleanups: (() => Promise<void>)[] }) {
  const gate = http.createServer((request, response) => request.resume().on('end', () => response.writeHead(204).end()));
  await new Promise<void>((resolve) => gate.listen(0, '127.0.0.1', resolve));
  options.cleanups.push(() => new Promise<void>((resolve) => gate.close(() => resolve())));
  const credentials = { username: 'bench-gate', password: 'bench gate secret' };
  const port = await freePort();
  progress(`starting next start with eFTI on, on ${port}`);
  const server = await startServer({
    name: 'next-efti',
    args: [NEXT_CLI, 'start', '-p', String(port), '-H', '127.0.0.1'],
    env: {
      ...options.env,
      PORT: String(port),
      EFTI_GATE_URL: `http://127.0.0.1:${(gate.address() as AddressInfo).port}`,
      EFTI_GATE_ID: 'bench-gate',
      EFTI_PLATFORM_ID: 'bench-platform',
      EFTI_INBOUND_USERNAME: credentials.username,
      EFTI_INBOUND_PASSWORD: credentials.password,
    },
    port,
    readyPath: '/api/heartbeat',
  });
  options.cleanups.push(() => server.stop());

  const structuredGoods = Array.from({ length: LINES }, (_, index) => ({
    name: `Paint batch ${index + 1}`,
    natureOfGoods: 'flammable liquid',
    numberOfPackages: 4,
    methodOfPackaging: 'drums',
    weight: 250,
    weightUnit: 'KILOGRAM',
    marksAndNumbers: `ACME ${index + 1}/1-4`,
    dangerousGoods: { unNumber: '1263', properShippingName: 'PAINT' },
  }));
  const created = await fetch(`${server.url}/api/freightdocuments`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${options.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...DOCUMENT_BODY, goods: undefined, structuredGoods, status: 'ISSUED' }),
  });
  if (created.status !== 201) throw new Error(`create: HTTP ${created.status} ${await created.text()}`);
  const { freightDocumentId } = (await created.json()) as { freightDocumentId: string };
  const document = (await (
    await fetch(`${server.url}/api/freightdocuments/${freightDocumentId}`, { headers: { Authorization: `Bearer ${options.token}` } })
  ).json()) as {
    efti: { datasetId: string };
  };

  const url = `${server.url}/api/v0/consignments/${document.efti.datasetId}?subsetId=EU03,identifier`;
  const headers = { Authorization: `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}`, Accept: 'application/xml' };
  const times: number[] = [];
  let bytes = 0;
  for (let index = 0; index < WARM_UP + REQUESTS; index += 1) {
    const started = performance.now();
    const response = await fetch(url, { headers: { ...headers, 'X-Request-ID': `bench-${index}` } });
    const body = await response.text();
    const ms = performance.now() - started;
    if (response.status !== 200) throw new Error(`gate GET: HTTP ${response.status} ${body.slice(0, 200)}`);
    bytes = body.length;
    if (index >= WARM_UP) times.push(ms);
  }
  times.sort((a, b) => a - b);
  const p99 = percentile(times, 99);
  console.log(
    `\neFTI gate read (GET /api/v0/consignments/{datasetId}?subsetId=EU03,identifier; ${LINES} goods lines, ${(bytes / 1024).toFixed(0)} KB of XML; ` +
      `${REQUESTS} requests one at a time after ${WARM_UP} of warm-up; each one audited)`,
  );
  console.log('what                         p50 ms   p90 ms   p99 ms   max ms   target');
  console.log(
    `gate GET, 500 lines       ${[50, 90, 99].map((p) => percentile(times, p).toFixed(1).padStart(8)).join(' ')} ${times.at(-1)!.toFixed(1).padStart(8)}   p99 ≤ 100 ms: ${p99 <= 100 ? 'met' : 'MISSED'}`,
  );
}
