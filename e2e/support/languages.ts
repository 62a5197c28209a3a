import { FULL, TEST_SEED } from '../../tests/support/sampling';

export const LOCALES = ['en', 'de', 'fr', 'nl', 'pl'] as const;
export type Locale = (typeof LOCALES)[number];
const OTHERS = LOCALES.filter((locale) => locale !== 'en');

/**
 * The languages a screen walk visits in this run (issue 18): all five under `npm run test:full` / `test:i18n`, else
 * English and one other drawn from the run's seed, a different one from run to run. The catalogues themselves are
 * checked for every language by tests/unit/messages.test.ts.
 */
export const WALKED: readonly Locale[] = FULL ? LOCALES : ['en', OTHERS[TEST_SEED % OTHERS.length]!];
