import { describe, expect, it } from 'vitest';
import { describeUnexpected } from '@/server/errors/describe-unexpected';

describe('describeUnexpected', () => {
  it('keeps the first line of each message and the stack frames, never query parameters', () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint\nDETAIL: Key (email)=(ann@example.com)'), { code: '23505' });
    const error = new Error('Failed query: insert into "accounts" values ($1, $2)\nparams: scrypt$16384$secret-hash,ann@example.com', { cause });
    const line = describeUnexpected(error);
    expect(line).toContain('Failed query: insert into "accounts" values ($1, $2)');
    expect(line).toContain('duplicate key value violates unique constraint [23505]');
    expect(line).toMatch(/\n\s+at /);
    expect(line).not.toContain('scrypt$');
    expect(line).not.toContain('ann@example.com');
  });

  it('describes values that are not errors by their type only', () => {
    expect(describeUnexpected('token abc')).toBe('string');
  });
});
