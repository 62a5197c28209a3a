import 'server-only';
import type { AppConfig } from '@/server/config/env';
import { getConfig } from '@/server/config/env';
import type { Database, DbOrTx, Transaction } from '@/server/db/client';
import { getDb } from '@/server/db/client';
import { getAppSecret } from '@/server/crypto/app-secret';
import { getBlobStore, type BlobStore } from '@/server/blobs';
import { fail } from '@/server/errors';
import type { StagedFiles } from './document/staged-file';

/** The account acting, and the client system it acts through (absent for portal sessions). */
export interface Caller {
  accountId: string;
  clientId?: string;
  tokenFamilyId?: string;
}

export interface ServiceContext {
  db: Database;
  config: AppConfig;
  appSecret: string;
  caller?: Caller;
  now: () => Date;
  /** Where file bytes live (issue 37): services use the interface and never learn which store runs. */
  blobs: BlobStore;
  /** Files of this request's body that the body gate streamed into the store already, by digest. */
  staged?: StagedFiles;
}

export async function createServiceContext(caller?: Caller): Promise<ServiceContext> {
  const config = getConfig();
  const db = await getDb();
  return { db, config, appSecret: await getAppSecret(db, config), caller, now: () => new Date(), blobs: getBlobStore() };
}

/** The acting account; transports resolve authentication first, so a missing caller is a programming error. */
export function requireAccountId(ctx: ServiceContext): string {
  if (!ctx.caller) fail('1.8');
  return ctx.caller.accountId;
}

/** One transaction per mutation: the change, its history and its queued events commit together. */
export function inTransaction<T>(ctx: ServiceContext, work: (tx: Transaction) => Promise<T>): Promise<T> {
  return ctx.db.transaction(work);
}

export type { DbOrTx };
