import { and, eq } from 'drizzle-orm';
import { handoverFactsOf } from '@/lib/handover/facts';
import { contentHash, isVerhoeffValid, responseCode } from '@/lib/domain/tfa';
import { openTransfers } from '@/lib/domain/transfers';
import { accounts, freightDocuments } from '@/server/db/schema';
import { open } from '@/server/crypto/secret-box';
import { fail, parseInput } from '@/server/errors';
import { responseCodeRequest } from '@/lib/schemas/tablet';
import { requireAccountId, type ServiceContext } from '../context';
import { loadDelegationSources } from '../access/delegation-sources';
import { loadAccessibleDocument } from '../document/load-document';
import { situationOf } from '@/lib/domain/situations';
import { visibleTo } from '../access/visibility';
import { ACCOUNT_SECRET_PURPOSE } from '../accounts/create-account';
import { enforceRateLimits } from '../operations/rate-limits';
import { getFreightDocument } from '../freight-documents/get-freight-document';
import { loadTransferRecords } from '../document/snapshot';
import { loadTransferSecrets, secretsOfTransfer } from '../document/transfer-secrets';

/**
 * The counter party's phone page (issue 9 part 4, contract §8): the carrier's challenge code in, the response code
 * out, computed with the signed-in account's own secret (kept sealed on the server; a portal session never holds
 * it). The challenge names the document by its service number and the transfer by its s3; the caller must hold a
 * counter-party role of that open transfer (4.47 for a document it cannot see, 3.6 for anything else wrong).
 */
export async function computeResponseCode({ ctx, input }: { ctx: ServiceContext; input: unknown }) {
  const accountId = requireAccountId(ctx);
  // Issue 32: at most 30 a minute per account, whatever the answer (429 1.10 with Retry-After).
  await enforceRateLimits({ ctx, input: { rules: [{ name: 'response-codes-per-account', subject: accountId }] } });
  const challenge = parseInput(responseCodeRequest, input).challenge.replace(/\s+/g, '');
  const wrong: () => never = () => fail('3.6', 'challenge');
  if (!/^\d{25}$/.test(challenge) || !isVerhoeffValid(challenge)) wrong();
  const serviceNumber = challenge.slice(5, 17);
  // The challenge carries the transfer's s1 and s3 (contract §8). s1 is the carrier's alone: it never picks the
  // transfer nor decides the answer, so the answer is the same whatever s1 (issue 32: a wrong s1 answered 3.6 and a
  // right one a code, so 10,000 calls found it). A response computed from a wrong s1 is simply refused where the
  // carrier submits it. s3, which the counter party sees anyway, picks the transfer.
  const s3 = challenge.slice(21, 24);

  const sources = await loadDelegationSources(ctx.db, accountId);
  const [found] = await ctx.db
    .select({ id: freightDocuments.id })
    .from(freightDocuments)
    .where(and(eq(freightDocuments.serviceNumber, serviceNumber), visibleTo(accountId, sources)));
  if (!found) fail('4.47');
  const loaded = await loadAccessibleDocument(ctx.db, accountId, found.id);
  const heldIds = new Set(loaded.access.held.map((role) => role.roleId));
  const secrets = await loadTransferSecrets(ctx, ctx.db, found.id);
  const transfer = openTransfers(situationOf(loaded.document, loaded.roles, loaded.approvals)).find((candidate) => {
    const own = secretsOfTransfer(secrets, candidate.action, candidate.toRoleId);
    return candidate.counterParty.some((roleId) => heldIds.has(roleId)) && own?.s3.padStart(3, '0') === s3;
  });
  if (!transfer) wrong();
  const s2 = secretsOfTransfer(secrets, transfer.action, transfer.toRoleId)!.s2;

  const [account] = await ctx.db
    .select({ accountNumber: accounts.accountNumber, sealedSecret: accounts.accountSecretEncrypted })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  if (!account) wrong();
  const comments = (await loadTransferRecords(ctx.db, found.id)).comments.map((comment) => comment.text ?? '');
  const facts = handoverFactsOf(transfer.action, await getFreightDocument({ ctx, input: { freightDocumentId: found.id } }));
  return {
    responseCode: responseCode({
      challenge,
      action: transfer.action,
      accountNumber: account.accountNumber,
      s2,
      accountSecret: open(account.sealedSecret, ctx.appSecret, ACCOUNT_SECRET_PURPOSE),
    }),
    freightDocumentId: found.id,
    serviceNumber,
    action: transfer.action,
    commentsMatch: contentHash(comments, serviceNumber) === challenge.slice(0, 5),
    // What the counter party accepts by giving the code (CMR art. 8(2)): the same list the hand-over page shows.
    reservations: facts.reservations,
    // Issue 31 item 8: what the transfer hands over (goods, quantities, places), shown before the code.
    handedOver: facts,
  };
}
