import 'server-only';
import type { AppConfig } from '@/server/config/env';
import { getConfig } from '@/server/config/env';
import type { Database, DbOrTx, Transaction } from '@/server/db/client';
import { getDb } from '@/server/db/client';
import { getAppSecret } from '@/server/crypto/app-secret';
import { fail } from '@/server/errors';

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
}

export async function createServiceContext(caller?: Caller): Promise<ServiceContext> {
  const config = getConfig();
  const db = await getDb();
  return { db, config, appSecret: await getAppSecret(db, config), caller, now: () => new Date() };
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
