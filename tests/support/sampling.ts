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

/**
 * `count` of `items` drawn from the seed (another choice from run to run), in their order; all of them under
 * `npm run test:full`. `salt` names the draw, so that two draws of one run do not pick alike.
 */
export function sampleOf<T>(items: readonly T[], count: number, salt: string): T[] {
  if (FULL || count >= items.length) return [...items];
  let state = TEST_SEED;
  for (const character of salt) state = (Math.imul(state, 31) + character.charCodeAt(0)) >>> 0;
  const indices = items.map((_, index) => index);
  const chosen: number[] = [];
  for (let drawn = 0; drawn < count; drawn += 1) {
    // xorshift32: a few well-mixed numbers from the seed, the same on every machine.
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    chosen.push(...indices.splice(state % indices.length, 1));
  }
  return chosen.sort((a, b) => a - b).map((index) => items[index]!);
}
