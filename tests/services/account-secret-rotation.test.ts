/**
 * Contract §3: a password change (or a reset) replaces the account's `accountSecret`, in the format it had, so
 * the TFA codes of the old secret fail and the new secret's codes are accepted.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { challengeCode, contentHash, responseCode } from '@/lib/domain/tfa';
import { accounts } from '@/server/db/schema';
import { open } from '@/server/crypto/secret-box';
import { ServiceError } from '@/server/errors';
import { changePassword } from '@/server/services/accounts/change-password';
import { ACCOUNT_SECRET_PURPOSE } from '@/server/services/accounts/create-account';
import type { ServiceContext } from '@/server/services/context';
import { checkResponseCode } from '@/server/services/transfers/check-response-code';
import { activeAccount, databaseKinds, openTestDatabase, serviceContext, type TestDatabase } from './harness';

const serviceNumber = '000000123456';
const challenge = challengeCode({ contentHash: contentHash([], serviceNumber), serviceNumber, s1: '12', s3: '345' });

describe.each(databaseKinds())('accountSecret rotation on a password change (%s)', (kind) => {
  let database: TestDatabase;
  let ctx: ServiceContext;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    ctx = serviceContext(database.handle);
  }, 60_000);
  afterAll(async () => database?.dispose());

  async function secretOf(accountId: string) {
    const [row] = await ctx.db.select({ sealed: accounts.accountSecretEncrypted }).from(accounts).where(eq(accounts.id, accountId));
    return open(row!.sealed, ctx.appSecret, ACCOUNT_SECRET_PURPOSE);
  }

  const codeOf = (account: { accountNumber: string }, accountSecret: string) =>
    responseCode({ challenge, action: 'DELIVERY', accountNumber: account.accountNumber, s2: '7', accountSecret });
  const check = (accountId: string, code: string) =>
    checkResponseCode({
      ctx,
      input: { serviceNumber, s1: '12', s2: '7', s3: '345', action: 'DELIVERY', comments: [], counterPartyAccountIds: [accountId], responseCode: code },
    });

  it.each(['numeric', 'base64'] as const)('a %s secret is replaced by a new one of its format; the old one’s codes fail', async (format) => {
    const account = await activeAccount(serviceContext(database.handle, { ACCOUNT_SECRET_FORMAT: format }), `Rotating ${format}`);
    const before = await secretOf(account.accountId);
    expect(await check(account.accountId, codeOf(account, before))).toMatchObject({ accountId: account.accountId });

    // The operator's current setting does not matter: the account keeps the format its devices decode.
    const caller = serviceContext(database.handle, { ACCOUNT_SECRET_FORMAT: format === 'base64' ? 'numeric' : 'base64' }, account.accountId);
    await changePassword({ ctx: caller, input: { oldPassword: 'correct horse battery', newPassword: 'a brand new password' } });
    const after = await secretOf(account.accountId);
    expect(after).not.toBe(before);
    expect(after).toMatch(format === 'base64' ? /^[A-Za-z0-9+/]{86}==$/ : /^\d{64}$/);

    await expect(check(account.accountId, codeOf(account, before))).rejects.toBeInstanceOf(ServiceError);
    expect(await check(account.accountId, codeOf(account, after))).toMatchObject({ accountId: account.accountId });
  });
});
