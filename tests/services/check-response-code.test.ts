/**
 * Contract §8 on the server: a TFA response code is accepted for the counter party it names, computed with
 * that account's secret, numeric or base64 alike. The accounts take the contract vectors' account number and
 * secrets, so the vectors' response codes themselves are checked.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { challengeCode, contentHash, responseCode } from '@/lib/domain/tfa';
import { accounts } from '@/server/db/schema';
import { open, seal } from '@/server/crypto/secret-box';
import { ServiceError } from '@/server/errors';
import { ACCOUNT_SECRET_PURPOSE } from '@/server/services/accounts/create-account';
import { checkResponseCode, type ResponseCodeCheck } from '@/server/services/transfers/check-response-code';
import { activeAccount, databaseKinds, openTestDatabase, serviceContext, type TestDatabase } from './harness';

const serviceNumber = '000000123456';
const comments = ['Damaged pallet', 'All good'];
const numericSecret = '4815162342108512749035261945803726194853017264950382716495038271';
const base64Secret = 'AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8gISIjJCUmJygpKissLS4vMDEyMzQ1Njc4OTo7PD0+Pw==';
// Version 2 (COLLECTION) and version 1 vectors of the contract, for the challenge 7541200000012345600123451.
const NUMERIC_VECTOR = '6327901234567009914168682';
const BASE64_VECTOR = '6788101234567009735214019';
const NUMERIC_DELIVERY_VECTOR = '8870201234567009129239976';
const NUMERIC_V1_VECTOR = '8531601234567009538604974';
const BASE64_V1_VECTOR = '5125701234567009862714737';

describe.each(databaseKinds())('checkResponseCode (%s)', (kind) => {
  let database: TestDatabase;
  let ctx: ReturnType<typeof serviceContext>;
  let numericAccount: { accountId: string; accountNumber: string };
  let base64Account: { accountId: string; accountNumber: string };

  /** Gives one account the vectors' number 1234567 and a secret; the other keeps the number it was given. */
  async function become(account: { accountId: string }, secret: string) {
    for (const other of [numericAccount, base64Account]) {
      await ctx.db.update(accounts).set({ accountNumber: other.accountNumber }).where(eq(accounts.id, other.accountId));
    }
    await ctx.db
      .update(accounts)
      .set({ accountNumber: '1234567', accountSecretEncrypted: seal(secret, ctx.appSecret, ACCOUNT_SECRET_PURPOSE) })
      .where(eq(accounts.id, account.accountId));
  }

  async function secretOf(accountId: string) {
    const [row] = await ctx.db.select({ sealed: accounts.accountSecretEncrypted }).from(accounts).where(eq(accounts.id, accountId));
    return open(row!.sealed, ctx.appSecret, ACCOUNT_SECRET_PURPOSE);
  }

  const check = (overrides: Partial<ResponseCodeCheck>, context = ctx) =>
    checkResponseCode({
      ctx: context,
      input: {
        serviceNumber,
        s1: '12',
        s2: '9',
        s3: '345',
        action: 'COLLECTION',
        comments,
        counterPartyAccountIds: [numericAccount.accountId, base64Account.accountId],
        responseCode: '',
        ...overrides,
      },
    });

  async function refusal(promise: Promise<unknown>) {
    const error = await promise.then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as ServiceError).items).toEqual([
      { code: '3.6', field: 'evidence.responseCode', description: expect.stringMatching(/response code does not match/i) as string },
    ]);
  }

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    ctx = serviceContext(database.handle);
    numericAccount = await activeAccount(ctx, 'Numeric');
    base64Account = await activeAccount(serviceContext(database.handle, { ACCOUNT_SECRET_FORMAT: 'base64' }), 'Base64');
  });
  afterAll(async () => database?.dispose());

  it('new accounts get 64 digits, or with ACCOUNT_SECRET_FORMAT=base64 the padded base64 of 64 bytes', async () => {
    expect(await secretOf(numericAccount.accountId)).toMatch(/^\d{64}$/);
    const secret = await secretOf(base64Account.accountId);
    expect(secret).toMatch(/^[A-Za-z0-9+/]{86}==$/);
    expect(Buffer.from(secret, 'base64')).toHaveLength(64);
  });

  it('accepts a code computed with the generated secret of either kind', async () => {
    for (const account of [numericAccount, base64Account]) {
      const code = responseCode({
        challenge: challengeCode({ contentHash: contentHash(comments, serviceNumber), serviceNumber, s1: '12', s3: '345' }),
        action: 'COLLECTION',
        accountNumber: account.accountNumber,
        s2: '9',
        accountSecret: await secretOf(account.accountId),
      });
      expect(await check({ responseCode: code })).toEqual({ accountId: account.accountId, accountNumber: account.accountNumber });
    }
  });

  it('the numeric vector: account 1234567 with the numeric secret', async () => {
    await become(numericAccount, numericSecret);
    expect(await check({ responseCode: NUMERIC_VECTOR })).toEqual({ accountId: numericAccount.accountId, accountNumber: '1234567' });
    // The same account number with the base64 key's code: refused.
    await refusal(check({ responseCode: BASE64_VECTOR }));
  });

  it('the base64 vector: account 1234567 with the base64 secret of the bytes 0x00…0x3F', async () => {
    await become(base64Account, base64Secret);
    expect(await check({ responseCode: BASE64_VECTOR })).toEqual({ accountId: base64Account.accountId, accountNumber: '1234567' });
    await refusal(check({ responseCode: NUMERIC_VECTOR }));
  });

  it('the version 2 response of one transfer is refused for another (the forged approval of issue 20)', async () => {
    await become(numericAccount, numericSecret);
    expect(await check({ responseCode: NUMERIC_DELIVERY_VECTOR, action: 'DELIVERY' })).toEqual({
      accountId: numericAccount.accountId,
      accountNumber: '1234567',
    });
    await refusal(check({ responseCode: NUMERIC_DELIVERY_VECTOR, action: 'COLLECTION' }));
    await refusal(check({ responseCode: NUMERIC_VECTOR, action: 'COLLECTION', s1: '13' }));
    await refusal(check({ responseCode: NUMERIC_VECTOR, action: 'COLLECTION', s3: '346' }));
  });

  /** Contract §8: the right version 1 code without the setting is 3.6 naming version 1 and TFA_ACCEPT_V1. */
  async function versionOneRefusal(promise: Promise<unknown>) {
    const error = await promise.then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as ServiceError).items).toEqual([
      { code: '3.6', field: 'evidence.responseCode', description: expect.stringMatching(/version 1.*TFA_ACCEPT_V1=true/) as string },
    ]);
  }

  it('version 1 codes only with TFA_ACCEPT_V1=true (else 3.6 naming version 1 and the setting); version 2 either way', async () => {
    await become(numericAccount, numericSecret);
    await versionOneRefusal(check({ responseCode: NUMERIC_V1_VECTOR }));
    // A version 1 code for another s2 is simply wrong: nothing tells a guesser it was close.
    await refusal(check({ responseCode: NUMERIC_V1_VECTOR, s2: '8' }));
    const acceptsV1 = serviceContext(database.handle, { TFA_ACCEPT_V1: true });
    expect(await check({ responseCode: NUMERIC_V1_VECTOR }, acceptsV1)).toEqual({ accountId: numericAccount.accountId, accountNumber: '1234567' });
    expect(await check({ responseCode: NUMERIC_VECTOR }, acceptsV1)).toEqual({ accountId: numericAccount.accountId, accountNumber: '1234567' });
    await become(base64Account, base64Secret);
    expect(await check({ responseCode: BASE64_V1_VECTOR }, acceptsV1)).toEqual({ accountId: base64Account.accountId, accountNumber: '1234567' });
    await versionOneRefusal(check({ responseCode: BASE64_V1_VECTOR }));
  });

  it('3.6 for another s2, other comments, an account that is no counter party, a bad check digit or no code', async () => {
    await become(base64Account, base64Secret);
    await refusal(check({ responseCode: BASE64_VECTOR, s2: '8' }));
    await refusal(check({ responseCode: BASE64_VECTOR, comments: ['All good'] }));
    await refusal(check({ responseCode: BASE64_VECTOR, counterPartyAccountIds: [numericAccount.accountId] }));
    await refusal(check({ responseCode: BASE64_VECTOR, counterPartyAccountIds: [] }));
    await refusal(check({ responseCode: `${BASE64_VECTOR.slice(0, -1)}8` }));
    await refusal(check({ responseCode: '' }));
    await refusal(check({ responseCode: 'not a code at all' }));
  });
});
