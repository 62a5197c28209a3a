/**
 * The few reads of the environment that cannot go through the checked configuration (env.ts), kept in this folder
 * so that `src/server/config` stays the one place that reads `process.env` (issue 33; lint rule in eslint.config.mjs):
 * the log level, which the logger needs to report a configuration that does not validate; what Next.js tells the
 * process about itself; and whether the operator named a setting at all (a default cannot tell). No `server-only` and
 * no imports: the logger and the admin command load it before anything else.
 */

const LOG_LEVELS = new Set(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);

/** LOG_LEVEL when it is a pino level, `info` otherwise (env-schema.ts refuses a wrong one at start). */
export function logLevelSetting(): string {
  const level = process.env.LOG_LEVEL;
  return level && LOG_LEVELS.has(level) ? level : 'info';
}

/** Next.js handles SIGTERM/SIGINT itself unless told that the application does (NEXT_MANUAL_SIG_HANDLE). */
export function signalsHandledByApplication(): boolean {
  return Boolean(process.env.NEXT_MANUAL_SIG_HANDLE);
}

/** Whether the operator set `name` (to anything but the empty string), as opposed to leaving it to its default. */
export function settingGiven(name: string): boolean {
  return Boolean(process.env[name]);
}

/**
 * next-auth takes its address (and with it Secure, __Secure- prefixed cookies under https) from NEXTAUTH_URL, which it
 * reads from the environment itself: the service's own PUBLIC_URL unless the operator named another.
 */
export function shareNextAuthUrl(config: { NEXTAUTH_URL?: string; PUBLIC_URL?: string }): void {
  if (!config.NEXTAUTH_URL && config.PUBLIC_URL) process.env.NEXTAUTH_URL = config.PUBLIC_URL;
}
