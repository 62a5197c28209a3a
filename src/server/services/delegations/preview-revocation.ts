import { and, eq, inArray, ne } from 'drizzle-orm';
import type { RevocationPreview } from '@/lib/schemas/delegation';
import { accounts, delegations, freightDocuments } from '@/server/db/schema';
import { fail } from '@/server/errors';
import { inTransaction, requireAccountId, type ServiceContext } from '../context';
import { endDelegation } from './end-delegation';

/** Carries the answer out of the transaction it rolls back. */
class DryRun extends Error {
  constructor(readonly preview: RevocationPreview) {
    super('dry run');
  }
}

/**
 * What revoking one of the caller's delegations would also end (the portal asks before it revokes): the revocation
 * itself runs, with `endDelegation`'s own rules (chains and the support check), in a transaction that is then
 * rolled back. Nothing is written; no second copy of the rule can drift from the real one. 4.42 for anything that
 * is not the caller's active delegation, as the revocations answer.
 */
export async function previewRevocation({ ctx, input }: { ctx: ServiceContext; input: { delegateId: string } }): Promise<RevocationPreview> {
  const accountId = requireAccountId(ctx);
  try {
    await inTransaction(ctx, async (tx) => {
      const [delegation] = await tx.select().from(delegations).where(eq(delegations.id, input.delegateId));
      if (!delegation || delegation.grantorAccountId !== accountId || delegation.revokedAt !== null) fail('4.42');
      const now = ctx.now();
      await endDelegation(tx, delegation, now);
      const ended = await tx
        .select()
        .from(delegations)
        .where(and(eq(delegations.revokedAt, now), ne(delegations.id, delegation.id)));
      const accountIds = [...new Set(ended.flatMap((row) => [row.delegateAccountId, row.grantorAccountId]))];
      const documentIds = [...new Set(ended.flatMap((row) => (row.documentId ? [row.documentId] : [])))];
      const people = accountIds.length
        ? await tx
            .select({ id: accounts.id, name: accounts.name, accountNumber: accounts.accountNumber })
            .from(accounts)
            .where(inArray(accounts.id, accountIds))
        : [];
      const documents = documentIds.length
        ? await tx
            .select({ id: freightDocuments.id, serviceNumber: freightDocuments.serviceNumber })
            .from(freightDocuments)
            .where(inArray(freightDocuments.id, documentIds))
        : [];
      const person = (id: string) => people.find((entry) => entry.id === id);
      throw new DryRun({
        alsoEnds: ended.map((row) => ({
          delegateId: row.id,
          role: row.role,
          freightDocumentId: row.documentId,
          serviceNumber: documents.find((document) => document.id === row.documentId)?.serviceNumber ?? null,
          delegateName: person(row.delegateAccountId)?.name ?? '',
          delegateAccountNumber: person(row.delegateAccountId)?.accountNumber ?? '',
          grantorName: person(row.grantorAccountId)?.name ?? '',
        })),
      });
    });
  } catch (error) {
    if (error instanceof DryRun) return error.preview;
    throw error;
  }
  // The transaction above always ends in DryRun or a refusal.
  return fail('5.0');
}
