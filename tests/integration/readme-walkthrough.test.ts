/**
 * The README's walk-through runs as written (issue 11 part 5): its shell blocks, from "## Walk-through with curl" to
 * the next section, run in one bash against a fresh server, and each `# →` line must match the output of the
 * commands before it (`…` matches anything). Only the host of `B` is changed (its port follows `PORT`, set to the
 * server's). The PDFs it saves must be PDFs.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, type RunningServer } from '../support/server';
import { startOwnServer } from './driver';

const MARK = '@@EXPECT';
let server: RunningServer;

beforeAll(async () => {
  server = await startOwnServer('readme-walkthrough');
}, 120_000);
afterAll(() => server?.dispose());

interface Script {
  text: string;
  expectations: string[][];
}

/** The section's shell blocks as one script; every run of `# →` lines becomes a marker echoed into the output. */
function walkThrough(readme: string): Script {
  const start = readme.indexOf('## Walk-through with curl');
  const end = readme.indexOf('\n## ', start + 1);
  const section = readme.slice(start, end);
  const blocks = [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1]!);
  const expectations: string[][] = [];
  const lines: string[] = [];
  let current: string[] | undefined;
  for (const line of blocks.join('\n').split('\n')) {
    const expected = /^# → (.*)$/.exec(line);
    if (expected) {
      if (!current) {
        current = [];
        expectations.push(current);
        lines.push(`printf '\n${MARK} %s\n' ${expectations.length - 1}`);
      }
      current.push(expected[1]!.trimEnd());
      continue;
    }
    // A long expectation continues on lines indented under it.
    if (current && /^# {4}\S/.test(line)) {
      current[current.length - 1] += line.slice(5).trimEnd();
      continue;
    }
    current = undefined;
    // Only the host changes: the server listens on 127.0.0.1, and the line takes the port from PORT as written.
    lines.push(line.replace(/^B=http:\/\/localhost:\$\{PORT:-3000\}\/api$/, 'B=http://127.0.0.1:${PORT:-3000}/api'));
  }
  return { text: `set -eo pipefail\n${lines.join('\n')}\nprintf '\n${MARK} end\n'\n`, expectations };
}

const pattern = (expected: string) =>
  new RegExp(
    `^${expected
      .split('…')
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*?')}$`,
  );

describe('the README walk-through', () => {
  it('runs as written and prints what it shows', () => {
    const readme = fs.readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');
    // The walk-through's base URL follows PORT (issue 23): the script runs with the test server's port in PORT.
    expect(readme).toContain('\nB=http://localhost:${PORT:-3000}/api\n');
    const script = walkThrough(readme);
    expect(script.expectations.length).toBeGreaterThan(25);
    const made = ['pixel.b64', 'pallets.png', 'service-key.asc', 'document.asc', 'document.pdf', 'delivered.pdf'].map((file) => path.join(REPO_ROOT, file));
    const pdfs = made.filter((file) => file.endsWith('.pdf'));
    const starts = new Map<string, string>();
    let run;
    try {
      run = spawnSync('bash', ['-c', script.text], {
        cwd: REPO_ROOT,
        env: { ...process.env, ...server.adminEnv, PORT: new URL(server.baseUrl).port },
        encoding: 'utf8',
        timeout: 240_000,
      });
      for (const file of pdfs) starts.set(path.basename(file), fs.existsSync(file) ? fs.readFileSync(file).subarray(0, 5).toString() : 'missing');
    } finally {
      for (const file of made) fs.rmSync(file, { force: true });
    }
    expect(run.status, `${run.stderr}\n${run.stdout}`).toBe(0);
    for (const [file, start] of starts) expect(start, file).toBe('%PDF-');
    const outputs = run.stdout.split(new RegExp(`^${MARK} .*$`, 'm')).map((chunk) => chunk.trim());
    expect(outputs).toHaveLength(script.expectations.length + 2);
    script.expectations.forEach((expected, index) => {
      const actual = outputs[index]!.split('\n').map((line) => line.trim());
      expect(actual.length, `step ${index}: ${outputs[index]}`).toBeGreaterThanOrEqual(expected.length);
      // The expectation's lines are the last lines printed before it.
      const last = actual.slice(actual.length - expected.length);
      expected.forEach((line, row) => expect(last[row], `expected "${line}"`).toMatch(pattern(line)));
    });
  }, 300_000);
});
