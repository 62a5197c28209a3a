import 'server-only';
import { AsyncLocalStorage } from 'node:async_hooks';
import pino, { type Logger } from 'pino';

/** What a request's code can know about the request it serves, wherever it runs (services, adapters). */
export interface RequestScope {
  requestId: string;
  log: Logger;
}

const LEVELS = new Set(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);

/**
 * One JSON line per event on stdout (pino). Kept on globalThis: Next.js loads this module in several bundles of
 * one process, and one logger must own the output. The level is read here, not from getConfig(): the logger must
 * work to report a configuration that does not validate.
 */
const globalForLog = globalThis as unknown as { __fdsLogger?: Logger; __fdsRequestScope?: AsyncLocalStorage<RequestScope> };

function createLogger(): Logger {
  const level = process.env.LOG_LEVEL && LEVELS.has(process.env.LOG_LEVEL) ? process.env.LOG_LEVEL : 'info';
  return pino({
    level,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    // `"level":"info"` rather than 30: readable without pino's tools, and what log collectors map by default.
    formatters: { level: (label) => ({ level: label }) },
  });
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
  return requestScopes.run({ requestId, log: rootLogger.child({ requestId }) }, work);
}
