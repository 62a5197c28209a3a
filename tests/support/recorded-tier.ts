import fs from 'node:fs';
import path from 'node:path';
import { parseCLI } from 'vitest/node';

/** What an integration tier tells the answered-codes check about its run (scripts/openapi/check-answered-codes.ts). */
export interface RecordedTier {
  project: string;
  /**
   * The tier recorded only part of its answers: files or a test name were picked on the command line, or the run was
   * `npm test`'s seeded sample (tests/support/sampling.ts) rather than `npm run test:full`'s every form, in which a code
   * reached only by an unsampled form would look unreached.
   */
  partial: boolean;
}

/**
 * Issue 35: with RECORD_ANSWERED_CODES set, each integration tier leaves `tier-<project>.json`, once its files ran, beside the answers its
 * servers record, so the check can tell a full run (every tier, every file: a declared code no test reached fails)
 * from a partial one (only a warning).
 */
export function markRecordedTier(project: string): void {
  const dir = process.env.RECORD_ANSWERED_CODES;
  if (!dir) return;
  const { filter, options } = parseCLI(['vitest', ...process.argv.slice(2)]);
  const tier: RecordedTier = { project, partial: filter.length > 0 || !!options.testNamePattern || process.env.TEST_FULL !== '1' };
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, `tier-${project}.json`), JSON.stringify(tier));
}
