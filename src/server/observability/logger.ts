import 'server-only';
import { AsyncLocalStorage } from 'node:async_hooks';
import pino, { type Logger } from 'pino';
import { logLevelSetting } from '@/server/config/process-env';

/** What a request's code can know about the request it serves, wherever it runs (services, adapters). */
export interface RequestScope {
  requestId: string;
  log: Logger;
}

/**
 * One JSON line per event on stdout (pino). Kept on globalThis: Next.js loads this module in several bundles of
 * one process, and one logger must own the output. The level is read without getConfig() (config/process-env.ts): the
 * logger must work to report a configuration that does not validate.
 */
const globalForLog = globalThis as unknown as { __fdsLogger?: Logger; __fdsRequestScope?: AsyncLocalStorage<RequestScope> };

/** Lines are gathered up to this many bytes, and written at least this often (and at exit), instead of one write each. */
const LOG_BUFFER_BYTES = 4096;
const LOG_FLUSH_MS = 100;

function createLogger(): Logger {
  const level = logLevelSetting();
  // One write system call per access line was ~3% of a loaded server's CPU (issue 24 profile): pino's destination
  // gathers lines and writes them together, synchronously, so a flush never races a write in flight. A quiet server's
  // lines wait at most LOG_FLUSH_MS; the exit (also a refused start, process.exit) writes what is left.
  const destination = pino.destination({ dest: 1, sync: true, minLength: LOG_BUFFER_BYTES });
  setInterval(() => destination.flushSync(), LOG_FLUSH_MS).unref();
  process.on('exit', () => destination.flushSync());
  return pino(
    {
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      // `"level":"info"` rather than 30: readable without pino's tools, and what log collectors map by default.
      formatters: { level: (label) => ({ level: label }) },
    },
    destination,
  );
}

export const rootLogger: Logger = (globalForLog.__fdsLogger ??= createLogger());
const requestScopes = (globalForLog.__fdsRequestScope ??= new AsyncLocalStorage<RequestScope>());

/** The logger of the request being served (its lines carry `requestId`), or the process's outside a request. */
export function log(): Logger {
  return requestScopes.getStore()?.log ?? rootLogger;
}

export function currentRequestId(): string | undefined {
  return requestScopes.getStore()?.requestId;
}

export function runInRequestScope<T>(requestId: string, work: () => T): T {
  // The child logger is made when a line besides the access line is written (most requests write none).
  let child: Logger | undefined;
  const scope: RequestScope = {
    requestId,
    get log() {
      return (child ??= rootLogger.child({ requestId }));
    },
  };
  return requestScopes.run(scope, work);
}

/** The request's access line: on the root logger with the id as a field (the same line a child would write). */
export function accessLine(level: 'info' | 'debug', fields: Record<string, unknown>): void {
  const requestId = currentRequestId();
  if (level === 'debug') rootLogger.debug({ requestId, ...fields }, 'request');
  else rootLogger.info({ requestId, ...fields }, 'request');
}
