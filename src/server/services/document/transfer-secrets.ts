import { eq } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { TransferAction, TransferSecrets } from '@/lib/domain/transfers';
import type { DbOrTx } from '@/server/db/client';
import { transferSecrets } from '@/server/db/schema';
import { open, seal } from '@/server/crypto/secret-box';
import { randomDigits } from '@/server/crypto/tokens';
import type { ServiceContext } from '../context';
import type { DocumentSecrets } from './caller-envelope';
import type { RoleRow, TransferSecretRow } from './rows';

const PURPOSE = 'transfer-secrets';

/**
 * Issue 24: every read of an issued document opened its transfers' secrets again (an AES-GCM context each, about 5 %
 * of a GET's CPU). A sealed value never changes what it opens to, so the opened text is kept by the sealed text, for
 * the documents read most recently only.
 */
const openedSecrets = new LRUCache<string, string>({ max: 5_000 });

function openSealed(sealed: string, appSecret: string): string {
  let opened = openedSecrets.get(sealed);
  if (opened === undefined) {
    opened = open(sealed, appSecret, PURPOSE);
    openedSecrets.set(sealed, opened);
  }
  return opened;
}

/** s1 (4 digits), s2 and s3 (3 digits each), the widths the codes of contract §8 pad them to. */
function newSecrets(): TransferSecrets {
  return { s1: randomDigits(4), s2: randomDigits(3), s3: randomDigits(3) };
}

/**
 * Makes the TFA secrets of every transfer of a document as it is issued (contract §8): the collection, the
 * delivery, and the hand-over to each subsequent carrier (no role can be added after issue). Sealed, not
 * hashed: the server shows them to the parties and computes response codes with them. A write that the commit's
 * statement sends (issue 24: one round trip less per issue).
 */
export function transferSecretsWrite(ctx: ServiceContext, tx: DbOrTx, documentId: string, roles: readonly RoleRow[]) {
  const transfers: { action: TransferAction; roleId: string }[] = [
    { action: 'COLLECTION', roleId: '' },
    { action: 'DELIVERY', roleId: '' },
    ...roles.filter((role) => role.role === 'SUBSEQUENT_CARRIER').map((role) => ({ action: 'CARRIER_TO_CARRIER' as const, roleId: role.id })),
  ];
  return tx
    .insert(transferSecrets)
    .values(transfers.map((transfer) => ({ documentId, ...transfer, sealed: seal(JSON.stringify(newSecrets()), ctx.appSecret, PURPOSE) })))
    .onConflictDoNothing();
}

/** A document's secrets, opened (none for a draft). */
export async function loadTransferSecrets(ctx: ServiceContext, db: DbOrTx, documentId: string): Promise<DocumentSecrets> {
  return openTransferSecrets(ctx, await db.select().from(transferSecrets).where(eq(transferSecrets.documentId, documentId)));
}

/** Stored secret rows, opened. */
export function openTransferSecrets(ctx: ServiceContext, rows: TransferSecretRow[]): DocumentSecrets {
  const secrets: DocumentSecrets & { carrierToCarrier: Map<string, TransferSecrets> } = { carrierToCarrier: new Map() };
  for (const row of rows) {
    const value = JSON.parse(openSealed(row.sealed, ctx.appSecret)) as TransferSecrets;
    if (row.action === 'COLLECTION') secrets.collection = value;
    else if (row.action === 'DELIVERY') secrets.delivery = value;
    else secrets.carrierToCarrier.set(row.roleId, value);
  }
  return secrets;
}

/** The secrets of one transfer: of the hand-over to `toRoleId` between carriers. */
export function secretsOfTransfer(secrets: DocumentSecrets, action: TransferAction, toRoleId: string | null): TransferSecrets | undefined {
  if (action === 'COLLECTION') return secrets.collection;
  if (action === 'DELIVERY') return secrets.delivery;
  return toRoleId ? secrets.carrierToCarrier.get(toRoleId) : undefined;
}
