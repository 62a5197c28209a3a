/**
 * Issue 35 part 6: a bad setting says what to set, in words, for every setting of its kind: every whole-number setting
 * refuses a word, a decimal and a negative number naming itself and its default (never zod's "expected number,
 * received NaN"), switches and lists say what they take, and no secret is ever echoed.
 */
import { describe, expect, it } from 'vitest';
import { readConfiguration } from '@/server/config/env-schema';

const defaults = readConfiguration({});
if (!defaults.ok) throw new Error(defaults.problem);
const numericSettings = Object.entries(defaults.config).filter(([, value]) => typeof value === 'number');

const problemOf = (env: Record<string, string>) => {
  const read = readConfiguration(env);
  return read.ok ? undefined : read.problem;
};

describe('configuration messages', () => {
  it('the defaults are a valid configuration', () => {
    expect(numericSettings.length).toBeGreaterThan(20);
  });

  it('every whole-number setting refuses a word, a decimal, an exponent and a negative number with its name and default', () => {
    for (const [name, fallback] of numericSettings) {
      for (const value of ['abc', '1.5', '1e3', '-1']) {
        const problem = problemOf({ [name]: value });
        expect(problem, `${name}=${value}`).toMatch(new RegExp(`^Invalid configuration: ${name}: "${value.replace('.', '\\.')}" is not a whole number: `));
        expect(problem).toContain(`the default ${String(fallback)}`);
        expect(problem).not.toMatch(/NaN|expected|received/);
      }
      // Limits take 0 ("no limit"); counts and durations start at 1.
      const minimum = /of 1 or more/.test(problemOf({ [name]: 'x' })!) ? 1 : 0;
      if (minimum === 1) expect(problemOf({ [name]: '0' }), `${name}=0`).toContain(`${name}: "0" is below 1: `);
      else expect(problemOf({ [name]: '0' }), `${name}=0`).toBeUndefined();
    }
  });

  it('secrets: the length and how to make one, never the value', () => {
    const short = problemOf({ APP_SECRET: 'hunter2hunter2' })!;
    expect(short).toBe(
      'Invalid configuration: APP_SECRET: it has 14 characters and needs at least 16: set it to a random string of at least 16 characters, e.g. APP_SECRET=$(openssl rand -hex 32) (64 hex characters), and keep it: it seals the account secrets and sessions, so a new one signs everybody out',
    );
    expect(problemOf({ METRICS_TOKEN: 'hunter2' })).not.toContain('hunter2');
    expect(problemOf({ APP_ENV: 'production' })).toMatch(/^Invalid configuration: APP_SECRET is required when APP_ENV=production: .*openssl rand -hex 32/);
    expect(problemOf({ APP_ENV: 'production', APP_SECRET: 'a'.repeat(64) })).toBeUndefined();
  });

  it('switches, word lists, origins and retry delays say what they take; several problems in one line', () => {
    const problem = problemOf({ TFA_ACCEPT_V1: 'yes', APP_ENV: 'prod', CORS_ALLOWED_ORIGINS: 'app.example.com', WEBHOOK_RETRY_DELAYS_MS: '30s,5m' })!;
    expect(problem.split('\n')).toHaveLength(1);
    expect(problem).toContain('TFA_ACCEPT_V1: "yes" is not a switch: set true or false');
    expect(problem).toContain('APP_ENV: "prod" is not allowed: set one of partner, production');
    expect(problem).toContain('CORS_ALLOWED_ORIGINS: "app.example.com" is not an origin');
    expect(problem).toContain('WEBHOOK_RETRY_DELAYS_MS: "30s,5m" is not a list of milliseconds');
  });
});
