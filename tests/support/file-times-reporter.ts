/**
 * A vitest reporter for the summary at the end of `npm test` (scripts/test-report.mjs): one line per test file with
 * its project and the time vitest measured for it — its tests and its hooks (a file's own server starts in beforeAll),
 * plus collecting it — appended to $TEST_REPORTS/files.jsonl. Does nothing when TEST_REPORTS is unset.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

export default class FileTimesReporter implements Reporter {
  onTestModuleEnd(testModule: TestModule) {
    const dir = process.env.TEST_REPORTS;
    if (!dir) return;
    const { duration, collectDuration } = testModule.diagnostic();
    const line = {
      tier: testModule.project.name,
      file: path.relative(process.cwd(), testModule.moduleId),
      ms: Math.round(duration + collectDuration),
      tests: [...testModule.children.allTests()].length,
      state: testModule.state(),
    };
    fs.appendFileSync(path.join(dir, 'files.jsonl'), `${JSON.stringify(line)}\n`);
  }
}
