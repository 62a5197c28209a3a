import { and, asc, eq, inArray } from 'drizzle-orm';
import { openTransfers } from '@/lib/domain/transfers';
import type { OfflineCodeKit } from '@/lib/schemas/tablet';
import { accounts, freightDocuments } from '@/server/db/schema';
import { open } from '@/server/crypto/secret-box';
import { fail } from '@/server/errors';
import { requireAccountId, type ServiceContext } from '../context';
import { loadDelegationSources } from '../access/delegation-sources';
import { loadAccessibleDocument } from '../document/load-document';
import { situationOf } from '@/lib/domain/situations';
import { visibleTo } from '../access/visibility';
import { ACCOUNT_SECRET_PURPOSE } from '../accounts/create-account';
import { loadTransferSecrets, secretsOfTransfer } from '../document/transfer-secrets';

/** The open documents a phone keeps codes for: the soonest, as on "My transfers". */
const MAX_DOCUMENTS = 50;

/**
 * Issue 21: the counter party's phone page, signed in online, keeps what it needs to give response codes offline
 * (contract §8): the signed-in account's own number and secret, and s2 and s3 of each open transfer where it holds
 * a counter-party role (the secrets a counter party sees). Only through the portal session of that account itself
 * (tRPC has no other caller); the page encrypts it under a non-extractable key at once (lib/offline/respond-kit.ts).
 * Client apps get the secret at the password grant already; this door gives it to no one else.
 */
export async function getOfflineCodeKit({ ctx }: { ctx: ServiceContext }): Promise<OfflineCodeKit> {
  const accountId = requireAccountId(ctx);
  const [account] = await ctx.db
    .select({ accountNumber: accounts.accountNumber, sealedSecret: accounts.accountSecretEncrypted })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  if (!account) fail('1.8');
  const sources = await loadDelegationSources(ctx.db, accountId);
  const rows = await ctx.db
    .select({ id: freightDocuments.id, serviceNumber: freightDocuments.serviceNumber })
    .from(freightDocuments)
    .where(and(visibleTo(accountId, sources), inArray(freightDocuments.status, ['ISSUED', 'TRANSIT'])))
    .orderBy(asc(freightDocuments.estimatedDateTimeOfTakingOver), asc(freightDocuments.id))
    .limit(MAX_DOCUMENTS);
  const transfers: OfflineCodeKit['transfers'] = [];
  for (const row of rows) {
    const loaded = await loadAccessibleDocument(ctx.db, accountId, row.id);
    const held = new Set(loaded.access.held.map((role) => role.roleId));
    const mine = openTransfers(situationOf(loaded.document, loaded.roles, loaded.approvals)).filter((transfer) =>
      transfer.counterParty.some((roleId) => held.has(roleId)),
    );
    if (mine.length === 0) continue;
    const secrets = await loadTransferSecrets(ctx, ctx.db, row.id);
    for (const transfer of mine) {
      const own = secretsOfTransfer(secrets, transfer.action, transfer.toRoleId);
      if (own) transfers.push({ freightDocumentId: row.id, serviceNumber: row.serviceNumber, action: transfer.action, s2: own.s2, s3: own.s3 });
    }
  }
  return {
    accountNumber: account.accountNumber,
    accountSecret: open(account.sealedSecret, ctx.appSecret, ACCOUNT_SECRET_PURPOSE),
    transfers,
    issuedAt: ctx.now().toISOString(),
  };
}
