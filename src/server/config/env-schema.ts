/**
 * The settings of contract §12 and what a bad one says (issue 35 part 6). Read by the server at start (env.ts) and by
 * `scripts/preflight.mjs`, which `npm run up` runs before the build and `npm start` before `next start`, so a bad
 * setting costs seconds, not a build. No `server-only` here, and nothing that needs Next.js: the preflight loads this
 * file with tsx (which resolves `@/` from tsconfig.json). Each problem is one sentence that names the variable and
 * what to set; never a raw zod message, and never the value of a secret.
 */
import fs from 'node:fs';
import ipaddr from 'ipaddr.js';
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
/** A positive whole number, or undefined (the caller's default) for anything else: for settings that never refused a start. */
const lenientPositiveInt = z
  .string()
  .optional()
  .transform((value) => {
    const number = Number(value);
    return Number.isInteger(number) && number > 0 ? number : undefined;
  });
/** A limit where 0 means "no limit". */
const limit = (fallback: number) => wholeNumber(fallback, 0);

/** One of a few words, named in the message when another is set. */
const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: (issue) => `${shown(issue.input)} is not allowed: set one of ${values.join(', ')}` });

function isAddressOrRange(value: string): boolean {
  return value.includes('/') ? ipaddr.isValidCIDR(value) : ipaddr.isValid(value);
}

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
  // Contract §11 (issue 32): webhook loops of each instance that only an account with no delivery in flight may take,
  // so that accounts whose receivers all hang never hold every loop; a due delivery of another account goes out at once.
  // At most WEBHOOK_CONCURRENCY - 1 of them count (one loop serves everyone).
  WEBHOOK_RESERVED_LOOPS: wholeNumber(1, 0),
  // Contract §11: a webhook request gives up after 10 s. Shorter only for tests of hanging receivers (issue 32).
  WEBHOOK_TIMEOUT_MS: positiveInt(10_000),
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
  /**
   * PDF threads, render budget and renewal (README). Issue 33 moved their reads here unchanged: a value that is not a
   * positive whole number means the default (pdf/pool.ts), as before, rather than refusing the start.
   */
  PDF_WORKER_THREADS: lenientPositiveInt,
  PDF_RENDER_BUDGET_MS: lenientPositiveInt,
  PDF_RENDERS_PER_POOL: lenientPositiveInt,
  /** pino level of the JSON log on stdout (config/process-env.ts reads it for the logger before the rest is checked). */
  LOG_LEVEL: oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Contract §12: unset, there is no /api/metrics; set, scrapers send it as a bearer token. */
  METRICS_TOKEN: secretOfLength(16, 'set a random token, e.g. METRICS_TOKEN=$(openssl rand -hex 32), or unset it to switch /api/metrics off'),
  /**
   * Tests only (issue 35): a directory where every REST answer's route, method, status and error codes are appended
   * (src/server/http/answered-codes.ts), for scripts/check-answered-codes.ts. Unset (always, outside the test tiers),
   * nothing is recorded and nothing changes.
   */
  RECORD_ANSWERED_CODES: z.string().min(1).optional(),
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
  // Contract §1 (issue 32): mails one account causes a day to addresses that hold no account; past it the change is
  // made and the mails are dropped (counted in fds_mails_held_back_total). 0 switches the budget off.
  MAIL_BUDGET_PER_ACCOUNT_PER_DAY: limit(500),
  // Webhook test events and redeliveries of one account per window (issue 20: they starved the shared job workers).
  RATE_LIMIT_WEBHOOK_TESTS_PER_ACCOUNT: limit(10),
  // Whether X-Forwarded-For is believed: only behind a proxy that sets it (else any client could name any address).
  TRUST_PROXY: booleanFlag,
  // Contract §15, the eFTI platform interface: off unless the gate's URL, the ids and one inbound method are set.
  EFTI_GATE_URL: z
    .string()
    .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), 'not an http(s) URL')
    .optional(),
  EFTI_GATE_ID: z.string().max(255).optional(),
  EFTI_PLATFORM_ID: z
    .string()
    .max(255)
    .refine((value) => !value.includes('/'), 'must not contain "/" (it is a part of the UIL)')
    .optional(),
  EFTI_GATE_USERNAME: z.string().optional(),
  EFTI_GATE_PASSWORD: z.string().optional(),
  /** PEM files of the client certificate the service presents to the gate. */
  EFTI_GATE_CLIENT_CERT: z.string().optional(),
  EFTI_GATE_CLIENT_KEY: z.string().optional(),
  EFTI_INBOUND_USERNAME: z.string().optional(),
  EFTI_INBOUND_PASSWORD: z.string().optional(),
  /** The subject of the gate's client certificate, as the reverse proxy writes it into EFTI_INBOUND_CERT_HEADER. */
  EFTI_INBOUND_CERT_SUBJECT: z.string().optional(),
  EFTI_INBOUND_CERT_HEADER: z
    .string()
    .regex(/^[A-Za-z0-9-]+$/, 'not an HTTP header name')
    .optional(),
  /** The addresses (or CIDR ranges) of the reverse proxies whose certificate header is believed. */
  EFTI_TRUSTED_PROXIES: commaList.pipe(z.array(z.string().refine(isAddressOrRange, 'not an IP address or CIDR range'))),
  /** One retry of an identifier upload per delay (contract §15). */
  EFTI_RETRY_DELAYS_MS: z
    .string()
    .default('30000,300000,1800000')
    .transform((value) => value.split(',').map((part) => Number(part.trim())))
    .pipe(z.array(z.number().int().nonnegative())),
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
  /** The AWS SDK's own region settings: the S3 store's region when BLOB_S3_REGION is unset. */
  AWS_REGION: z.string().optional(),
  AWS_DEFAULT_REGION: z.string().optional(),
  /** next-auth's cookie secret; unset, derived from APP_SECRET (auth/options.ts), the same on every instance. */
  NEXTAUTH_SECRET: z.string().optional(),
  /** next-auth's own address; unset, PUBLIC_URL (boot.ts hands it on: config/process-env.ts). */
  NEXTAUTH_URL: z.string().optional(),
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
  // Contract §15: eFTI partly set stops the server here, naming what is missing; so does a blob store set halfway (issue 37).
  try {
    eftiSettings(parsed.data);
  } catch (error) {
    return { ok: false, problem: (error as Error).message };
  }
  const blobProblem = blobStoreProblem(parsed.data, env);
  if (blobProblem) return { ok: false, problem: `Invalid configuration: ${blobProblem}` };
  return { ok: true, config: parsed.data };
}

/** The eFTI platform interface as configured (contract §15); null when it is off. */
export interface EftiSettings {
  gateUrl: string;
  gateId: string;
  platformId: string;
  /** Basic credentials the service sends to the gate. */
  outbound: { username: string; password: string } | null;
  /** PEM files of the client certificate presented to the gate. */
  clientCertificate: { certFile: string; keyFile: string } | null;
  /** Basic credentials the gate sends to the service (the TestBed's way). */
  inboundBasic: { username: string; password: string } | null;
  /** The gate's certificate subject, in `header`, believed from `trustedProxies` only. */
  inboundCertificate: { subject: string; header: string; trustedProxies: string[] } | null;
  retryDelaysMs: number[];
}

const EFTI_SWITCHES = [
  'EFTI_GATE_URL',
  'EFTI_GATE_ID',
  'EFTI_PLATFORM_ID',
  'EFTI_GATE_USERNAME',
  'EFTI_GATE_PASSWORD',
  'EFTI_GATE_CLIENT_CERT',
  'EFTI_GATE_CLIENT_KEY',
  'EFTI_INBOUND_USERNAME',
  'EFTI_INBOUND_PASSWORD',
  'EFTI_INBOUND_CERT_SUBJECT',
  'EFTI_INBOUND_CERT_HEADER',
] as const;

const eftiCache = new WeakMap<object, EftiSettings | null>();

/**
 * Contract §15: eFTI is on when the gate's URL, both ids and one inbound method are set, and off when no eFTI setting
 * is; anything between is a configuration error that names what is missing (the server does not start).
 */
export function eftiSettings(config: Pick<AppConfig, (typeof EFTI_SWITCHES)[number] | 'EFTI_TRUSTED_PROXIES' | 'EFTI_RETRY_DELAYS_MS'>): EftiSettings | null {
  const cachedSettings = eftiCache.get(config);
  if (cachedSettings !== undefined) return cachedSettings;
  const set = (name: (typeof EFTI_SWITCHES)[number]) => !!config[name];
  const proxies = config.EFTI_TRUSTED_PROXIES.length > 0;
  if (!EFTI_SWITCHES.some(set) && !proxies) {
    eftiCache.set(config, null);
    return null;
  }
  const missing: string[] = [];
  for (const name of ['EFTI_GATE_URL', 'EFTI_GATE_ID', 'EFTI_PLATFORM_ID'] as const) if (!set(name)) missing.push(name);
  const pairs = [
    ['EFTI_GATE_USERNAME', 'EFTI_GATE_PASSWORD'],
    ['EFTI_GATE_CLIENT_CERT', 'EFTI_GATE_CLIENT_KEY'],
    ['EFTI_INBOUND_USERNAME', 'EFTI_INBOUND_PASSWORD'],
  ] as const;
  for (const [a, b] of pairs) if (set(a) !== set(b)) missing.push(set(a) ? b : a);
  const certificateParts = [set('EFTI_INBOUND_CERT_SUBJECT'), set('EFTI_INBOUND_CERT_HEADER'), proxies];
  if (certificateParts.some(Boolean) && !certificateParts.every(Boolean)) {
    if (!set('EFTI_INBOUND_CERT_SUBJECT')) missing.push('EFTI_INBOUND_CERT_SUBJECT');
    if (!set('EFTI_INBOUND_CERT_HEADER')) missing.push('EFTI_INBOUND_CERT_HEADER');
    if (!proxies) missing.push('EFTI_TRUSTED_PROXIES');
  }
  const inboundBasic = set('EFTI_INBOUND_USERNAME') && set('EFTI_INBOUND_PASSWORD');
  const inboundCertificate = certificateParts.every(Boolean);
  if (!inboundBasic && !inboundCertificate && !missing.some((name) => name.startsWith('EFTI_INBOUND') || name === 'EFTI_TRUSTED_PROXIES')) {
    missing.push('EFTI_INBOUND_USERNAME and EFTI_INBOUND_PASSWORD (or EFTI_INBOUND_CERT_SUBJECT, EFTI_INBOUND_CERT_HEADER and EFTI_TRUSTED_PROXIES)');
  }
  if (missing.length > 0) {
    throw new Error(
      `Invalid configuration: eFTI is partly configured, missing ${missing.join(', ')}: set them all, or none of the EFTI_ settings to leave eFTI off`,
    );
  }
  for (const name of ['EFTI_GATE_CLIENT_CERT', 'EFTI_GATE_CLIENT_KEY'] as const) {
    const file = config[name];
    if (file && !fs.existsSync(file)) throw new Error(`Invalid configuration: ${name}: no such file ${file}`);
  }
  const settings: EftiSettings = {
    gateUrl: config.EFTI_GATE_URL!.replace(/\/+$/, ''),
    gateId: config.EFTI_GATE_ID!,
    platformId: config.EFTI_PLATFORM_ID!,
    outbound: set('EFTI_GATE_USERNAME') ? { username: config.EFTI_GATE_USERNAME!, password: config.EFTI_GATE_PASSWORD! } : null,
    clientCertificate: set('EFTI_GATE_CLIENT_CERT') ? { certFile: config.EFTI_GATE_CLIENT_CERT!, keyFile: config.EFTI_GATE_CLIENT_KEY! } : null,
    inboundBasic: inboundBasic ? { username: config.EFTI_INBOUND_USERNAME!, password: config.EFTI_INBOUND_PASSWORD! } : null,
    inboundCertificate: inboundCertificate
      ? { subject: config.EFTI_INBOUND_CERT_SUBJECT!, header: config.EFTI_INBOUND_CERT_HEADER!.toLowerCase(), trustedProxies: config.EFTI_TRUSTED_PROXIES }
      : null,
    retryDelaysMs: config.EFTI_RETRY_DELAYS_MS,
  };
  eftiCache.set(config, settings);
  return settings;
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
