import 'server-only';
import { z } from 'zod';
import { DATABASE_URL_FORM, isPostgresUrl } from '@/server/db/connection-errors';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((value) => value === 'true' || value === '1');
/** A switch that is on unless set to `false` or `0`. */
const onUnlessOff = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((value) => value !== 'false' && value !== '0');

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);
/** A limit where 0 means "no limit". */
const limit = (fallback: number) => z.coerce.number().int().nonnegative().default(fallback);

/** APP_SECRET keys the account secrets and sessions: long enough not to be guessed (hex of 8 bytes at least). */
export const APP_SECRET_MIN_LENGTH = 16;

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
      .refine((value) => URL.canParse(value) && new URL(value).origin === value.replace(/\/+$/, ''), 'not an origin (scheme://host[:port])')
      .transform((value) => new URL(value).origin),
  ),
);

/** Every setting of contract §12, validated once; a bad value stops the server at start with a clear message. */
const envSchema = z.object({
  PORT: positiveInt(3000),
  PUBLIC_URL: z.string().url().optional(),
  DATABASE_URL: z.string().refine(isPostgresUrl, `not a PostgreSQL URL: ${DATABASE_URL_FORM}`).optional(),
  /** Named prepared statements on PostgreSQL (one round trip per statement); `false` for poolers that cannot keep them. */
  DATABASE_PREPARE: onUnlessOff,
  DATA_DIR: z.string().min(1).default('./.data'),
  APP_ENV: z.enum(['partner', 'production']).default('partner'),
  SMTP_URL: z.string().min(1).optional(),
  MAIL_FROM: z.string().min(3).default('Freight Document Service <no-reply@localhost>'),
  OAUTH_SCOPE: z.string().min(1).default('service'),
  // Contract §2: other names clients may request the service scope by (the commercial service's own name).
  OAUTH_SCOPE_ALIASES: commaList,
  // Contract §2: `base64` gives new accounts the secret format the commercial service's client apps decode.
  ACCOUNT_SECRET_FORMAT: z.enum(['numeric', 'base64']).default('numeric'),
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
    .transform((value) => value.split(',').map((part) => Number(part.trim())))
    .pipe(z.array(z.number().int().nonnegative())),
  APP_SECRET: z.string().min(APP_SECRET_MIN_LENGTH).optional(),
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
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Contract §12: unset, there is no /api/metrics; set, scrapers send it as a bearer token. */
  METRICS_TOKEN: z.string().min(16).optional(),
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
  /**
   * Issue 37: where attachment, signature and photo bytes live. `local`: files under BLOB_DIR (default
   * DATA_DIR/blobs), shared by several instances only through one directory; `s3`: an S3-compatible bucket.
   */
  BLOB_STORE: z.enum(['local', 's3']).default('local'),
  BLOB_DIR: z.string().min(1).optional(),
  BLOB_S3_BUCKET: z.string().min(1).optional(),
  /** The bucket's region; AWS_REGION (or AWS_DEFAULT_REGION) when unset. */
  BLOB_S3_REGION: z.string().min(1).optional(),
  /** Another S3-compatible server (MinIO, Ceph, R2, SeaweedFS): its URL. Unset: AWS S3 itself. */
  BLOB_S3_ENDPOINT: z.string().url().optional(),
  /** Path-style addressing (`endpoint/bucket/key`), which most self-hosted servers need. */
  BLOB_S3_FORCE_PATH_STYLE: booleanFlag,
  /** Keys under this prefix (`fds/`), to share a bucket with other data. */
  BLOB_S3_PREFIX: z.string().default(''),
  /** Explicit credentials; unset, the SDK's usual chain (AWS_ACCESS_KEY_ID…, profiles, instance roles). */
  BLOB_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  BLOB_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
});

export type AppConfig = z.infer<typeof envSchema>;

let cached: AppConfig | undefined;

export function getConfig(): AppConfig {
  if (cached) return cached;
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(process.env).map(([key, value]) => [key, value === '' ? undefined : value])));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  if (parsed.data.APP_ENV === 'production' && !parsed.data.APP_SECRET) {
    throw new Error('Invalid configuration: APP_SECRET is required when APP_ENV=production');
  }
  const blobProblem = blobStoreProblem(parsed.data, process.env);
  if (blobProblem) throw new Error(`Invalid configuration: ${blobProblem}`);
  cached = parsed.data;
  return cached;
}

const S3_SETTINGS = ['BLOB_S3_BUCKET', 'BLOB_S3_REGION', 'BLOB_S3_ENDPOINT', 'BLOB_S3_PREFIX', 'BLOB_S3_ACCESS_KEY_ID', 'BLOB_S3_SECRET_ACCESS_KEY'] as const;

/**
 * A blob store configured halfway is refused at start, in one line naming what is missing: an S3 store without its
 * bucket or region, one half of an explicit key pair, or S3 settings while BLOB_STORE says the files stay local
 * (they would silently go to disk).
 */
export function blobStoreProblem(config: AppConfig, env: Record<string, string | undefined>): string | undefined {
  if (config.BLOB_STORE !== 's3') {
    const stray = S3_SETTINGS.filter((name) => env[name]);
    return stray.length > 0
      ? `${stray.join(', ')} ${stray.length > 1 ? 'are' : 'is'} set but BLOB_STORE is not s3: set BLOB_STORE=s3 or unset them`
      : undefined;
  }
  const missing = [
    ...(config.BLOB_S3_BUCKET ? [] : ['BLOB_S3_BUCKET']),
    ...(config.BLOB_S3_REGION || env.AWS_REGION || env.AWS_DEFAULT_REGION ? [] : ['BLOB_S3_REGION (or AWS_REGION)']),
    ...(config.BLOB_S3_ACCESS_KEY_ID && !config.BLOB_S3_SECRET_ACCESS_KEY ? ['BLOB_S3_SECRET_ACCESS_KEY'] : []),
    ...(config.BLOB_S3_SECRET_ACCESS_KEY && !config.BLOB_S3_ACCESS_KEY_ID ? ['BLOB_S3_ACCESS_KEY_ID'] : []),
  ];
  return missing.length > 0 ? `BLOB_STORE=s3 needs ${missing.join(' and ')}` : undefined;
}

/** The externally visible root of the service, for links in e-mails and redirects. */
export function publicUrl(config: AppConfig = getConfig()): string {
  return (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '');
}
