import { describe, expect, it } from 'vitest';
import { describeConnectionError, describeTarget, isPostgresUrl } from '@/server/db/connection-errors';

const URL_WITH_PASSWORD = 'postgres://fds:hunter2@db.internal:6543/freight';
const error = (code: string) => Object.assign(new Error(code), { code });

describe('database connection errors name DATABASE_URL and the fix (issue 23)', () => {
  it('tells a PostgreSQL URL from anything else', () => {
    expect(isPostgresUrl(URL_WITH_PASSWORD)).toBe(true);
    expect(isPostgresUrl('postgresql://localhost/fds')).toBe(true);
    expect(isPostgresUrl('localhost:5432/fds')).toBe(false);
    expect(isPostgresUrl('mysql://localhost/fds')).toBe(false);
  });

  it('describes the target without user or password, with the default port and database', () => {
    expect(describeTarget(URL_WITH_PASSWORD)).toBe('database "freight" on db.internal:6543');
    expect(describeTarget('postgres://ann@localhost')).toBe('database "ann" on localhost:5432');
  });

  it('one line per cause, never the password', () => {
    const lines = {
      '3D000': /^DATABASE_URL: the database "freight" on db\.internal:6543 does not exist: create it/,
      '28P01': /^DATABASE_URL: .* refused the user and password it names: check them/,
      ECONNREFUSED: /^DATABASE_URL: cannot connect to .* \(ECONNREFUSED\): check that PostgreSQL is running there/,
      ENOTFOUND: /^DATABASE_URL: cannot resolve the host .*: check the host name/,
    };
    for (const [code, line] of Object.entries(lines)) {
      const message = describeConnectionError(error(code), URL_WITH_PASSWORD)!;
      expect(message).toMatch(line);
      expect(message).not.toContain('hunter2');
      expect(message).not.toContain('\n');
    }
  });

  it('reads the code of the first attempt of an AggregateError (localhost: ::1 and 127.0.0.1)', () => {
    const aggregate = new AggregateError([error('ECONNREFUSED'), error('ECONNREFUSED')], 'connect failed');
    expect(describeConnectionError(aggregate, URL_WITH_PASSWORD)).toMatch(/ECONNREFUSED/);
  });

  it('leaves other errors (a failing migration) as they are', () => {
    expect(describeConnectionError(error('42P01'), URL_WITH_PASSWORD)).toBeUndefined();
    expect(describeConnectionError(new Error('boom'), URL_WITH_PASSWORD)).toBeUndefined();
  });
});
