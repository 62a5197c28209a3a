import { spawn } from 'node:child_process';

/** Prints one line per heartbeat: how long it took, in ms. First line "ready" once the first heartbeat answered. */
const PROBE = `
const url = process.argv[1];
let first = true;
(async () => {
  for (;;) {
    const started = performance.now();
    const reply = await fetch(url);
    await reply.arrayBuffer();
    process.stdout.write(first ? 'ready\\n' : (performance.now() - started).toFixed(1) + '\\n');
    first = false;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
})();
`;

export interface HeartbeatFigures {
  count: number;
  median: number;
  max: number;
  /** Every heartbeat's time in ms, in the order they were asked. */
  times: number[];
}

/**
 * Times a server's heartbeat every 10 ms from a process of its own (so that the test pumping requests does not delay
 * it), until `stop()` answers what it timed. Resolves once the first heartbeat answered.
 */
export async function startHeartbeatProbe(baseUrl: string): Promise<{ timed: () => number; stop: () => Promise<HeartbeatFigures> }> {
  const probe = spawn(process.execPath, ['-e', PROBE, `${baseUrl}/api/heartbeat`], { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  probe.stdout.on('data', (data: Buffer) => (output += data.toString('utf8')));
  const ended = new Promise((resolve) => probe.on('close', resolve));
  await new Promise((resolve) => probe.stdout.once('data', resolve));
  const times = () =>
    output
      .split('\n')
      .filter((line) => /^\d/.test(line))
      .map(Number);
  return {
    timed: () => times().length,
    stop: async () => {
      probe.kill('SIGTERM');
      await ended;
      const sorted = times().sort((a, b) => a - b);
      return { count: sorted.length, median: sorted[Math.floor(sorted.length / 2)] ?? 0, max: sorted.at(-1) ?? 0, times: times() };
    },
  };
}
