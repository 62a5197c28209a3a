/**
 * The settings of contract §12 and what a bad one says (issue 35 part 6). Read by the server at start (env.ts) and by
 * `scripts/preflight.mjs`, which `npm run up` runs before the build and `npm start` before `next start`, so a bad
 * setting costs seconds, not a build. No `server-only` here, and nothing that needs Next.js: the preflight loads this
 * file with tsx (which resolves `@/` from tsconfig.json). Each problem is one sentence that names the variable and
 * what to set; never a raw zod message, and never the value of a secret.
 */
import { z } from 'zod';
import { DATABASE_URL_FORM, isPostgresUrl } from '@/server/db/connection-errors';

/** APP_SECRET keys the account secrets and sessions: long enough not to be guessed (hex of 8 bytes at least). */
export const APP_SECRET_MIN_LENGTH = 16;

/** How to make an APP_SECRET, said wherever one is missing or too short. */
const MAKE_APP_SECRET =
  'set it to a random string of at least 16 characters, e.g. APP_SECRET=$(openssl rand -hex 32) (64 hex characters), and keep it: it seals the account secrets and sessions, so a new one signs everybody out';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', ''], { error: (issue) => `${shown(issue.input)} is not a switch: set true or false (or 1 or 0)` })
  .optional()
  .transform((value) => value === 'true' || value === '1');
/** A switch that is on unless set to `false` or `0`. */
const onUnlessOff = z
  .enum(['true', 'false', '1', '0'], { error: (issue) => `${shown(issue.input)} is not a switch: set true or false (or 1 or 0)` })
  .optional()
  .transform((value) => value !== 'false' && value !== '0');

/** A value as a message may show it (settings that are not secrets only). */
function shown(value: unknown): string {
  const text = typeof value === 'string' ? value : String(value);
  return JSON.stringify(text.length > 60 ? `${text.slice(0, 57)}…` : text);
}

/**
 * A whole number setting: digits only (no `1e3`, no `30s`), at least `min`. Said in words, with the default, instead of
 * zod's "expected number, received NaN" (issue 35).
 */
function wholeNumber(fallback: number, min: 0 | 1) {
  const wanted = `set a whole number of ${min} or more (digits only), or leave it unset for the default ${fallback}`;
  return z
    .string()
    .optional()
    .superRefine((value, context) => {
      if (value !== undefined && !/^\s*\d+\s*$/.test(value)) context.addIssue({ code: 'custom', message: `${shown(value)} is not a whole number: ${wanted}` });
      else if (value !== undefined && Number(value) < min) context.addIssue({ code: 'custom', message: `${shown(value)} is below ${min}: ${wanted}` });
      else if (value !== undefined && !Number.isSafeInteger(Number(value)))
        context.addIssue({ code: 'custom', message: `${shown(value)} is too large: ${wanted}` });
    })
    .transform((value) => (value === undefined ? fallback : Number(value)));
}
const positiveInt = (fallback: number) => wholeNumber(fallback, 1);
/** A limit where 0 means "no limit". */
const limit = (fallback: number) => wholeNumber(fallback, 0);

/** One of a few words, named in the message when another is set. */
const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: (issue) => `${shown(issue.input)} is not allowed: set one of ${values.join(', ')}` });

/** A comma-separated list; blanks between commas are ignored. */
const commaList = z
  .string()
  .default('')
  .transform((value) =>
    value
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean),
  );

/** Browser origins (`scheme://host[:port]`), compared as the browser sends them in `Origin`. */
const originList = commaList.pipe(
  z.array(
    z
      .string()
      .refine((value) => URL.canParse(value) && new URL(value).origin === value.replace(/\/+$/, ''), {
        error: (issue) => `${shown(issue.input)} is not an origin: list origins as scheme://host[:port], comma-separated, e.g. https://app.example.com`,
      })
      .transform((value) => new URL(value).origin),
  ),
);

/** A secret of at least `min` characters; the message gives its length, never its value. */
const secretOfLength = (min: number, fix: string) =>
  z
    .string()
    .refine((value) => value.length >= min, { error: (issue) => `it has ${String(issue.input).length} characters and needs at least ${min}: ${fix}` })
    .optional();

/** Every setting of contract §12, validated once; a bad value stops the server at start with a clear message. */
export const envSchema = z.object({
  PORT: positiveInt(3000),
  PUBLIC_URL: z
    .url({ error: (issue) => `${shown(issue.input)} is not a URL: set the address people reach the service at, e.g. https://fds.example.com` })
    .optional(),
  DATABASE_URL: z.string().refine(isPostgresUrl, `not a PostgreSQL URL: ${DATABASE_URL_FORM}`).optional(),
  /** Named prepared statements on PostgreSQL (one round trip per statement); `false` for poolers that cannot keep them. */
  DATABASE_PREPARE: onUnlessOff,
  DATA_DIR: z.string().min(1).default('./.data'),
  APP_ENV: oneOf(['partner', 'production']).default('partner'),
  SMTP_URL: z.string().min(1).optional(),
  MAIL_FROM: z
    .string()
    .min(3, 'is too short: set a sender such as "Freight Document Service <no-reply@example.com>"')
    .default('Freight Document Service <no-reply@localhost>'),
  OAUTH_SCOPE: z.string().min(1).default('service'),
  // Contract §2: other names clients may request the service scope by (the commercial service's own name).
  OAUTH_SCOPE_ALIASES: commaList,
  // Contract §2: `base64` gives new accounts the secret format the commercial service's client apps decode.
  ACCOUNT_SECRET_FORMAT: oneOf(['numeric', 'base64']).default('numeric'),
  // Contract §1: browser origins allowed to call the REST API, beside those of implicit-flow clients.
  CORS_ALLOWED_ORIGINS: originList,
  ACCESS_TOKEN_TTL_SECONDS: positiveInt(3600),
  REFRESH_TOKEN_TTL_SECONDS: positiveInt(30 * 24 * 3600),
  ACTIVATION_TOKEN_TTL_SECONDS: positiveInt(72 * 3600),
  /** Hand-over links live 10 minutes (contract §7); shorter only for tests of their expiry. */
  HANDOVER_LINK_TTL_SECONDS: positiveInt(600),
  LOGIN_MAX_FAILURES: positiveInt(5),
  LOGIN_LOCKOUT_SECONDS: positiveInt(900),
  // Failed portal sign-ins from one client address within LOGIN_LOCKOUT_SECONDS (issue 20): one source can then
  // lock at most this / LOGIN_MAX_FAILURES accounts per window, not every account. 0 switches it off.
  LOGIN_MAX_FAILURES_PER_ADDRESS: limit(10),
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: booleanFlag,
  // Contract §8: also accept version 1 TFA responses (the commercial service's, not bound to the transfer).
  TFA_ACCEPT_V1: booleanFlag,
  WEBHOOK_RETRY_DELAYS_MS: z
    .string()
    .default('30000,300000')
    .refine((value) => value.split(',').every((part) => /^\s*\d+\s*$/.test(part)), {
      error: (issue) =>
        `${shown(issue.input)} is not a list of milliseconds: set whole numbers separated by commas, one retry per number, e.g. 30000,300000 (the default)`,
    })
    .transform((value) => value.split(',').map((part) => Number(part.trim()))),
  APP_SECRET: secretOfLength(APP_SECRET_MIN_LENGTH, MAKE_APP_SECRET),
  PGP_PRIVATE_KEY: z.string().optional(),
  JOB_POLL_INTERVAL_MS: positiveInt(500),
  // Jobs other than webhook deliveries (e-mail) one server process runs at once.
  JOB_CONCURRENCY: positiveInt(4),
  // Webhook deliveries one server process runs at once, on loops of their own (issue 20): receivers that keep their
  // 10 s hold these, never the e-mail's; one subscription's deliveries run one at a time on every instance.
  WEBHOOK_CONCURRENCY: positiveInt(4),
  // Deliveries of one account's subscriptions in flight at once, on every instance together: an account whose many
  // receivers all hang holds this many webhook loops, not all of them.
  WEBHOOK_CONCURRENCY_PER_ACCOUNT: positiveInt(2),
  // A claimed job is reserved for its kind's timeout plus this: how long a job of a crashed worker waits.
  JOB_LEASE_GRACE_MS: positiveInt(30_000),
  JOB_RETENTION_HOURS: positiveInt(7 * 24),
  /**
   * Issue 24: the PDF threads render a warm-up page at start, so that the first PDF costs what the others cost. The
   * test servers, most of which never render a PDF and start by the dozen on two cores, switch it off.
   */
  PDF_WARM_UP: onUnlessOff,
  /** Contract §1: larger request bodies are refused (2.4, 413) before they are read. */
  MAX_BODY_BYTES: positiveInt(25 * 1024 * 1024),
  /** pino level of the JSON log on stdout (logger.ts reads it before the rest is checked). */
  LOG_LEVEL: oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Contract §12: unset, there is no /api/metrics; set, scrapers send it as a bearer token. */
  METRICS_TOKEN: secretOfLength(16, 'set a random token, e.g. METRICS_TOKEN=$(openssl rand -hex 32), or unset it to switch /api/metrics off'),
  /** On SIGTERM: how long requests in flight and the job in hand may take before the process exits anyway. */
  SHUTDOWN_TIMEOUT_MS: positiveInt(20_000),
  // Rate limits (issue 13), counted in the database per window; 0 switches one off. Generous on purpose: they stop
  // floods and runaway scripts, not normal use.
  RATE_LIMIT_WINDOW_SECONDS: positiveInt(60),
  RATE_LIMIT_WRITES_PER_ACCOUNT: limit(1200),
  RATE_LIMIT_WRITES_PER_CLIENT: limit(6000),
  RATE_LIMIT_TOKEN_REQUESTS_PER_CLIENT: limit(600),
  RATE_LIMIT_SIGNUPS_PER_CLIENT: limit(300),
  // Portal sign-ups (tRPC, no client system) per client address and window (issue 20: they mailed attacker text).
  RATE_LIMIT_SIGNUPS_PER_IP: limit(20),
  // "Forgot password" requests for one address per window (issue 20: 31 mails to one victim).
  RATE_LIMIT_PASSWORD_RESETS_PER_ADDRESS: limit(3),
  // Webhook test events and redeliveries of one account per window (issue 20: they starved the shared job workers).
  RATE_LIMIT_WEBHOOK_TESTS_PER_ACCOUNT: limit(10),
  // Whether X-Forwarded-For is believed: only behind a proxy that sets it (else any client could name any address).
  TRUST_PROXY: booleanFlag,
});

export type AppConfig = z.infer<typeof envSchema>;

export type ConfigurationResult = { ok: true; config: AppConfig } | { ok: false; problem: string };

/**
 * The configuration from an environment, or one line that says every problem found and how to fix each: `NAME: what
 * is wrong: what to set`, joined by `; `. Empty strings count as unset (as in a `.env` file with `NAME=`).
 */
export function readConfiguration(env: Record<string, string | undefined>): ConfigurationResult {
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(env).map(([key, value]) => [key, value === '' ? undefined : value])));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${String(issue.path[0] ?? 'configuration')}: ${issue.message}`);
    return { ok: false, problem: `Invalid configuration: ${[...new Set(problems)].join('; ')}` };
  }
  if (parsed.data.APP_ENV === 'production' && !parsed.data.APP_SECRET) {
    return { ok: false, problem: `Invalid configuration: APP_SECRET is required when APP_ENV=production: ${MAKE_APP_SECRET}` };
  }
  return { ok: true, config: parsed.data };
}
