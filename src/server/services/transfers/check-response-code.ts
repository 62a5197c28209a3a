import { and, eq, inArray } from 'drizzle-orm';
import { contentHash, parseResponseCode, responseCode } from '@/lib/domain/tfa';
import type { DbOrTx } from '@/server/db/client';
import { accounts } from '@/server/db/schema';
import { open } from '@/server/crypto/secret-box';
import { constantTimeEqual } from '@/server/crypto/tokens';
import { fail } from '@/server/errors';
import type { ServiceContext } from '../context';
import { ACCOUNT_SECRET_PURPOSE } from '../accounts/create-account';

export interface ResponseCodeCheck {
  /** The document's 12-digit service number. */
  serviceNumber: string;
  /** The transfer's s2 (contract §8). */
  s2: string;
  /** The document's comment texts the challenge was made over (empty ones are ignored). */
  comments: readonly string[];
  /** The accounts that hold a counter-party role of this transfer (contract §7). */
  counterPartyAccountIds: readonly string[];
  responseCode: string;
}

/**
 * TFA evidence of a counter-party approval (contract §8): reads the account number out of the response
 * code, requires it to be one of the transfer's counter parties, and accepts the code only when it equals
 * the response computed with that account's secret. Returns the approving account; anything else is 3.6.
 */
export async function checkResponseCode({ ctx, input }: { ctx: ServiceContext; input: ResponseCodeCheck }) {
  return matchResponseCode(ctx.db, ctx.appSecret, input);
}

/** checkResponseCode inside a transaction that is already open (a verb's). */
export async function matchResponseCode(db: DbOrTx, appSecret: string, input: ResponseCodeCheck) {
  const wrong: () => never = () => fail('3.6', 'evidence.responseCode');
  const parsed = parseResponseCode(input.responseCode.trim());
  if (!parsed || input.counterPartyAccountIds.length === 0) wrong();

  const [account] = await db
    .select({ id: accounts.id, accountNumber: accounts.accountNumber, sealedSecret: accounts.accountSecretEncrypted })
    .from(accounts)
    .where(and(inArray(accounts.id, [...input.counterPartyAccountIds]), eq(accounts.accountNumber, parsed.accountNumber)));
  // The response's first digits are a MAC over challenge[0:5], which is the padded contentHash.
  const challengePrefix = contentHash(input.comments, input.serviceNumber);
  const expected = account
    ? responseCode({
        challenge: challengePrefix,
        serviceNumber: input.serviceNumber,
        accountNumber: account.accountNumber,
        s2: input.s2,
        accountSecret: open(account.sealedSecret, appSecret, ACCOUNT_SECRET_PURPOSE),
      })
    : '';
  // Compared whether or not the account was found, so that both refusals take the same path.
  const matches = constantTimeEqual(expected, input.responseCode.trim());
  if (!account || !matches) wrong();
  return { accountId: account.id, accountNumber: account.accountNumber };
}
