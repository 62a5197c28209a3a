import { and, eq, inArray } from 'drizzle-orm';
import { challengeCode, contentHash, parseResponseCode, responseCode, responseCodeV1, type TfaAction } from '@/lib/domain/tfa';
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
  /** The transfer's secrets (contract §8): s1 and s3 rebuild the carrier's challenge, s2 is in the response. */
  s1: string;
  s2: string;
  s3: string;
  /** The transfer a version 2 response is bound to. */
  action: TfaAction;
  /** The document's comment texts the challenge was made over (empty ones are ignored). */
  comments: readonly string[];
  /** The accounts that hold a counter-party role of this transfer (contract §7). */
  counterPartyAccountIds: readonly string[];
  responseCode: string;
}

/**
 * TFA evidence of a counter-party approval (contract §8): reads the account number out of the response
 * code, requires it to be one of the transfer's counter parties, and accepts the code only when it equals
 * the version 2 response computed with that account's secret for this transfer (or the version 1 response,
 * with TFA_ACCEPT_V1=true). Returns the approving account; anything else is 3.6 (a right version 1 code without the
 * setting with a description that names it, which isWrongCode does not count towards the attempt limit).
 */
export async function checkResponseCode({ ctx, input }: { ctx: ServiceContext; input: ResponseCodeCheck }) {
  return matchResponseCode(ctx.db, ctx, input);
}

/** What a wrong code answers: 3.6 as the contract fixes it, said in words that fit (not "Pattern not correct"). */
export const WRONG_RESPONSE_CODE = 'The response code does not match this transfer.';

/**
 * Contract §8: the right version 1 code while the operator has not allowed version 1. Still 3.6, but it says why, so an
 * integrator can tell an app written for the commercial service from a wrong code; it is not a wrong attempt.
 */
export const VERSION_1_RESPONSE_CODE =
  'This is a correct version 1 response code (the commercial service’s), which this service does not accept: compute version 2 (bound to the transfer), or ask the operator to set TFA_ACCEPT_V1=true.';

/** checkResponseCode inside a transaction that is already open (a verb's). */
export async function matchResponseCode(db: DbOrTx, ctx: Pick<ServiceContext, 'appSecret' | 'config'>, input: ResponseCodeCheck) {
  const wrong: () => never = () => fail('3.6', 'evidence.responseCode', { description: WRONG_RESPONSE_CODE });
  const parsed = parseResponseCode(input.responseCode.trim());
  if (!parsed || input.counterPartyAccountIds.length === 0) wrong();

  const [account] = await db
    .select({ id: accounts.id, accountNumber: accounts.accountNumber, sealedSecret: accounts.accountSecretEncrypted })
    .from(accounts)
    .where(and(inArray(accounts.id, [...input.counterPartyAccountIds]), eq(accounts.accountNumber, parsed.accountNumber)));
  const code = input.responseCode.trim();
  const challenge = challengeCode({
    contentHash: contentHash(input.comments, input.serviceNumber),
    serviceNumber: input.serviceNumber,
    s1: input.s1,
    s3: input.s3,
  });
  const secret = account ? open(account.sealedSecret, ctx.appSecret, ACCOUNT_SECRET_PURPOSE) : '';
  const bound = { challenge, accountNumber: account?.accountNumber ?? '0', s2: input.s2, accountSecret: secret };
  const expected = account ? responseCode({ ...bound, action: input.action }) : '';
  // Version 1 (the commercial service's) covers neither the transfer nor its challenge: accepted only when the operator
  // allows it, and recognised either way so that a refusal can name the setting.
  const expectedV1 = account ? responseCodeV1({ ...bound, serviceNumber: input.serviceNumber }) : '';
  // Compared whether or not the account was found, so that both refusals take the same path.
  const matchesV2 = constantTimeEqual(expected, code);
  const matchesV1 = constantTimeEqual(expectedV1, code) && code !== '';
  if (account && matchesV1 && !matchesV2 && !ctx.config.TFA_ACCEPT_V1) {
    fail('3.6', 'evidence.responseCode', { description: VERSION_1_RESPONSE_CODE });
  }
  const matches = (matchesV2 || matchesV1) && code !== '';
  if (!account || !matches) wrong();
  return { accountId: account.id, accountNumber: account.accountNumber };
}
