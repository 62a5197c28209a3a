/**
 * Every vitest file: fast-check draws from the run's seed (tests/support/sampling.ts), and a failed test prints that
 * seed with the command that replays it, so a failure of a sampled test can be run again exactly.
 */
import path from 'node:path';
import fc from 'fast-check';
import { beforeEach } from 'vitest';
import { FULL, TEST_SEED, replayCommand } from './sampling';

fc.configureGlobal({ seed: TEST_SEED });

beforeEach(({ task, onTestFailed }) => {
  onTestFailed(() => {
    const file = path.relative(process.cwd(), task.file.filepath);
    const project = task.file.projectName ? ` --project ${task.file.projectName}` : '';
    console.error(
      `\n[seed] ${task.name}: failed with seed ${TEST_SEED}${FULL ? ' at full size' : ''}. Replay: ${replayCommand(`npx vitest run${project} ${file}`)}\n`,
    );
  });
});
