/**
 * Exhaustive forms on demand, a sample every run (issue 18). `npm test` runs the fuzz test, the property tests and
 * the five-language walk at a smaller size, drawn from a seed that changes from run to run, so that over many runs
 * the whole space is still covered; `npm run test:full` (TEST_FULL=1) runs them at full size.
 *
 * The seed comes from TEST_SEED (scripts/test.sh draws one per run and prints it); a file run on its own draws its
 * own. The same seed and the same TEST_FULL give the same requests, cases and languages: that is the replay.
 */
export const FULL = process.env.TEST_FULL === '1';

function drawSeed(): number {
  const given = process.env.TEST_SEED;
  if (given !== undefined && given !== '') {
    const seed = Number(given);
    if (!Number.isSafeInteger(seed) || seed < 0) throw new Error(`TEST_SEED must be a non-negative integer, not ${JSON.stringify(given)}`);
    return seed;
  }
  // Kept in the environment so that every module of this process (and its workers) sees the same seed.
  const seed = Math.floor(Math.random() * 2 ** 31);
  process.env.TEST_SEED = String(seed);
  return seed;
}

export const TEST_SEED = drawSeed();

/** The full size under `npm run test:full`, the sample size otherwise. */
export function sized(full: number, sample: number): number {
  return FULL ? full : Math.min(full, sample);
}

/** The command that replays a failed sampled test with the same seed (and size). */
export function replayCommand(runner: string): string {
  return `TEST_SEED=${TEST_SEED}${FULL ? ' TEST_FULL=1' : ''} ${runner}`;
}
