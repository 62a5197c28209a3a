/**
 * Database round trips per endpoint (issue 13): what GET of a document, the list, create and issue send to the
 * database for one request, counted as statements by Drizzle's logger plus BEGIN and COMMIT of each transaction.
 * Each request is replayed as its REST route runs it: the bearer token resolved, the write rate limits counted
 * (writes only), then the one service call. Used by tests/services/round-trips.test.ts (which fails when a count
 * rises above tests/services/round-trips.json) and printed by `npm run bench`.
 */
import { getBlobStore } from '@/server/blobs';
import { eq } from 'drizzle-orm';
import type { Logger } from 'drizzle-orm';
import { getConfig, type AppConfig } from '@/server/config/env';
import type { DatabaseHandle } from '@/server/db/client';
import { accounts } from '@/server/db/schema';
import type { Caller, ServiceContext } from '@/server/services/context';
import { activateAccountByEmail } from '@/server/services/accounts/activate-account-by-email';
import { createAccount } from '@/server/services/accounts/create-account';
import { createFreightDocument } from '@/server/services/freight-documents/create-freight-document';
import { getFreightDocument } from '@/server/services/freight-documents/get-freight-document';
import { issueFreightDocument } from '@/server/services/freight-documents/issue-freight-document';
import { listFreightDocuments } from '@/server/services/freight-documents/list-freight-documents';
import { createClient } from '@/server/services/oauth/create-client';
import { resolveAccessToken } from '@/server/services/oauth/resolve-access-token';
import { createTokenFamily, issueTokens } from '@/server/services/oauth/tokens';
import { enforceRateLimits } from '@/server/services/operations/rate-limits';
import { DOCUMENT_BODY } from './fixtures';

export const ENDPOINTS = ['get', 'list', 'create', 'issue'] as const;
export type Endpoint = (typeof ENDPOINTS)[number];
export type RoundTrips = Record<Endpoint, number>;

/** Counts statements while `counting` is on; give `logger` to the database, then `watch` it. */
export function roundTripCounter() {
  let counting = false;
  let statements = 0;
  const logger: Logger = {
    logQuery: (query) => {
      if (!counting) return;
      statements += 1;
      // ROUND_TRIPS_LOG=1 shows which statements they are.
      if (process.env.ROUND_TRIPS_LOG) console.log(`  ${statements}: ${query.replace(/\s+/g, ' ').slice(0, 160)}`);
    },
  };
  /** BEGIN and COMMIT are round trips too; Drizzle's logger does not see them. */
  const watch = (handle: DatabaseHandle) => {
    const transaction = handle.db.transaction.bind(handle.db);
    handle.db.transaction = ((work, config) => {
      if (counting) statements += 2;
      return transaction(work, config);
    }) as typeof handle.db.transaction;
  };
  const count = async (work: () => Promise<unknown>): Promise<number> => {
    statements = 0;
    counting = true;
    try {
      await work();
    } finally {
      counting = false;
    }
    return statements;
  };
  return { logger, watch, count };
}

/**
 * Sets up an account with a token and a page of documents (drafts and issued ones, naming a second account as
 * consignee so that creation notifies someone), then counts one request of each endpoint.
 * `open` must pass the logger to the database it opens (openMemoryPglite / openPostgres options).
 */
export async function measureRoundTrips(open: (logger: Logger) => Promise<DatabaseHandle>, overrides: Partial<AppConfig> = {}): Promise<RoundTrips> {
  const counter = roundTripCounter();
  const handle = await open(counter.logger);
  counter.watch(handle);
  // Production: issuing charges a credit, the path a paying customer takes. Rate limits on, as by default.
  const config: AppConfig = { ...getConfig(), APP_ENV: 'production', ...overrides };
  const contextFor = (caller?: Caller): ServiceContext => ({
    db: handle.db,
    config,
    appSecret: 'round-trips-app-secret-0123456789',
    caller,
    now: () => new Date(),
    blobs: getBlobStore(),
  });
  const tag = `${process.pid}.${Date.now()}`;
  const signUp = async (name: string) => {
    const email = `${name}.${tag}@round-trips.invalid`;
    const created = await createAccount({ ctx: contextFor(), input: { name, email, password: 'round trips password', acceptTermsAndConditions: true } });
    await activateAccountByEmail({ ctx: contextFor(), input: { email } });
    return created;
  };
  const submitter = await signUp('submitter');
  const consignee = await signUp('consignee');
  await handle.db.update(accounts).set({ credits: 1000 }).where(eq(accounts.id, submitter.accountId));
  const { clientId } = await createClient({ ctx: contextFor(), input: { name: 'round trips' } as never });
  const family = await createTokenFamily(handle.db, { clientId, accountId: submitter.accountId, grantType: 'password' });
  const { access_token: token } = await issueTokens(contextFor(), handle.db, family);

  const body = { ...DOCUMENT_BODY, consignee: { ...DOCUMENT_BODY.consignee, submittedAccountNumber: consignee.accountNumber } };
  const owner = contextFor({ accountId: submitter.accountId, clientId });
  for (let index = 0; index < 12; index += 1) {
    const { freightDocumentId } = await createFreightDocument({ ctx: owner, input: body });
    if (index % 2 === 0) await issueFreightDocument({ ctx: owner, input: { freightDocumentId } });
  }

  /** What the REST wrapper does before the endpoint: resolve the bearer token, count writes against the limits. */
  const authenticated = async (write: boolean) => {
    const ctx = contextFor();
    ctx.caller = await resolveAccessToken({ ctx, input: { token } });
    if (write) {
      await enforceRateLimits({
        ctx,
        input: {
          rules: [
            { name: 'writes-per-account', subject: ctx.caller.accountId },
            { name: 'writes-per-client', subject: ctx.caller.clientId! },
          ],
        },
      });
    }
    return ctx;
  };
  let created = '';
  const trips = {} as RoundTrips;
  trips.create = await counter.count(async () => {
    ({ freightDocumentId: created } = await createFreightDocument({ ctx: await authenticated(true), input: body }));
  });
  trips.issue = await counter.count(async () => issueFreightDocument({ ctx: await authenticated(true), input: { freightDocumentId: created } }));
  trips.get = await counter.count(async () => getFreightDocument({ ctx: await authenticated(false), input: { freightDocumentId: created } }));
  trips.list = await counter.count(async () => listFreightDocuments({ ctx: await authenticated(false), input: { query: [] } }));
  await handle.close();
  return trips;
}
