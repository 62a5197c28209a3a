import fs from 'node:fs';
import path from 'node:path';
import { parseCLI } from 'vitest/node';

/** What an integration tier tells the answered-codes check about its run (scripts/openapi/check-answered-codes.ts). */
export interface RecordedTier {
  project: string;
  /** Files or a test name were picked on the command line: the tier recorded only part of its answers. */
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
  const tier: RecordedTier = { project, partial: filter.length > 0 || !!options.testNamePattern };
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, `tier-${project}.json`), JSON.stringify(tier));
}
