#!/usr/bin/env node
/**
 * The end of `npm test` (issue 18): the wall time of each tier (timed by scripts/test.sh around each command) and the
 * slowest test files, as the runners measured them: vitest's per-file durations (tests and hooks, written to
 * files.jsonl by tests/support/file-times-reporter.ts) and Playwright's `json` report. Prints nothing it cannot read,
 * so a tier that failed early still gets its line.
 */
import fs from 'node:fs';
import path from 'node:path';

const dir = process.argv[2] ?? '.test-reports';
/** The whole run's wall time in seconds, from scripts/test.sh (lanes overlap, so tiers do not add up to it). */
const wallSeconds = process.argv[3] === undefined ? undefined : Number(process.argv[3]);
const SLOWEST = 15;
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`.padStart(9);
const clock = (total) => `${Math.floor(total / 60)}:${String(Math.round(total % 60)).padStart(2, '0')}`;

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

const tiers = fs.existsSync(path.join(dir, 'tiers.tsv'))
  ? fs
      .readFileSync(path.join(dir, 'tiers.tsv'), 'utf8')
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const [name, wall, status] = line.split('\t');
        return { name, wall: Number(wall), status };
      })
  : [];

/** vitest: one line per test file and project (tests/support/file-times-reporter.ts). */
function vitestFiles(file) {
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}

/** Playwright: the durations of each file's tests (one worker per server: their sum is the file's time). */
function playwrightFiles(report) {
  const byFile = new Map();
  const visit = (suite) => {
    for (const spec of suite.specs ?? []) {
      const entry = byFile.get(spec.file) ?? { tier: 'playwright', file: path.join('e2e', spec.file), ms: 0, tests: 0 };
      for (const test of spec.tests) for (const result of test.results) entry.ms += result.duration;
      entry.tests += spec.tests.length;
      byFile.set(spec.file, entry);
    }
    for (const inner of suite.suites ?? []) visit(inner);
  };
  for (const suite of report?.suites ?? []) visit(suite);
  return [...byFile.values()];
}

const files = [];
let testCount = 0;
files.push(...vitestFiles(path.join(dir, 'files.jsonl')), ...playwrightFiles(readJson(path.join(dir, 'playwright.json'))));
for (const file of files) testCount += file.tests;

console.log('\n== test times (issue 18: `npm test` within 15 minutes on 2 cores)');
if (process.env.TEST_SEED) console.log(`seed ${process.env.TEST_SEED}${process.env.TEST_FULL === '1' ? ' (full size)' : ' (sampled)'}`);
for (const tier of tiers) console.log(`${tier.name.padEnd(30)} ${clock(tier.wall).padStart(6)}  ${tier.status}`);
if (wallSeconds !== undefined) console.log(`${'npm test, wall (lanes overlap)'.padEnd(30)} ${clock(wallSeconds).padStart(6)}`);
console.log(`\n${SLOWEST} slowest test files (of ${files.length} file runs, ${testCount} test cases):`);
for (const file of files.sort((a, b) => b.ms - a.ms).slice(0, SLOWEST)) {
  console.log(`${seconds(file.ms)}  ${file.tier.padEnd(26)} ${file.file}`);
}
