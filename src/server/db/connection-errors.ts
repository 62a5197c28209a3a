/**
 * Opening PostgreSQL fails in a few ways an operator fixes in DATABASE_URL or on the database server. Each becomes one
 * line that names the variable, what was tried (never the password) and what to check (issue 23 part 5), instead of
 * the driver's "connect ECONNREFUSED …" or 'database "x" does not exist'.
 */

/** The fix for a DATABASE_URL that is not a PostgreSQL URL at all; the configuration check says it before any connection. */
export const DATABASE_URL_FORM = 'write it as postgres://user:password@host:5432/database';

export function isPostgresUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === 'postgres:' || url.protocol === 'postgresql:') && url.hostname !== '';
}

/** Where a URL points, for messages: host, port and database, without user or password. */
export function describeTarget(value: string): string {
  if (!isPostgresUrl(value)) return 'DATABASE_URL';
  const url = new URL(value);
  const database = decodeURIComponent(url.pathname.replace(/^\//, '')) || decodeURIComponent(url.username) || 'postgres';
  return `database "${database}" on ${url.hostname}:${url.port || '5432'}`;
}

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNRESET', 'CONNECT_TIMEOUT']);

function codeOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, errors } = error as { code?: unknown; errors?: unknown };
  if (typeof code === 'string') return code;
  // Node reports a host with several addresses (localhost: ::1 and 127.0.0.1) as an AggregateError of each attempt.
  return Array.isArray(errors) ? codeOf(errors[0]) : undefined;
}

/**
 * The one-line reason for an error met while connecting to the database of `url`, or undefined when the error is not
 * about reaching it (a failing migration keeps its own message).
 */
export function describeConnectionError(error: unknown, url: string): string | undefined {
  const target = describeTarget(url);
  const code = codeOf(error);
  switch (code) {
    case '3D000':
      return `DATABASE_URL: the ${target} does not exist: create it (createdb, or CREATE DATABASE) — the service creates its tables, not the database`;
    case '28P01':
    case '28000':
      return `DATABASE_URL: the ${target} refused the user and password it names: check them (and pg_hba.conf)`;
    case '57P03':
      return `DATABASE_URL: the ${target} is starting up or shutting down: start the service again when it accepts connections`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `DATABASE_URL: cannot resolve the host of the ${target}: check the host name in DATABASE_URL`;
    default:
      if (code && NETWORK_CODES.has(code)) {
        return `DATABASE_URL: cannot connect to the ${target} (${code}): check that PostgreSQL is running there and that DATABASE_URL names its host and port`;
      }
      return undefined;
  }
}
