import type { z } from 'zod';
import { counterPartyRecordRefusal, isRefusal, resolveTransfer, signingMethodsOf } from '@/lib/domain/transfers';
import { handoverLinkInput, type HandoverLinkResponse } from '@/lib/schemas/handover';
import { publicUrl } from '@/server/config/env';
import { handoverLinks } from '@/server/db/schema';
import { hashToken, newId, randomToken } from '@/server/crypto/tokens';
import { fail, parseInput } from '@/server/errors';
import { inTransaction, requireAccountId, type ServiceContext } from '../context';
import { recordCounterParty } from '@/lib/domain/action-rules';
import { authorize, loadAccessibleDocument } from '../document/load-document';
import { situationOf } from '@/lib/domain/situations';
import { endTransferLinks } from './handover-link-state';

/**
 * POST /freightdocuments/{id}/handoverlinks (contract §7): a one-time link for the counter party's own phone. Judged
 * exactly as submitcounterpartyapproval judges a SIGN_ON_GLASS approval of that transfer now (same codes, same
 * order), so a link is only ever made for an approval the caller could record itself. The token (256 bits) is
 * returned once; only its hash is kept.
 */
export async function createHandoverLink({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { freightDocumentId: string; body: z.input<typeof handoverLinkInput> };
}): Promise<HandoverLinkResponse> {
  const accountId = requireAccountId(ctx);
  const request = parseInput(handoverLinkInput, input.body);
  return inTransaction(ctx, async (tx) => {
    const loaded = await loadAccessibleDocument(tx, accountId, input.freightDocumentId);
    authorize(loaded, recordCounterParty(request.action));
    const situation = situationOf(loaded.document, loaded.roles, loaded.approvals);
    const transfer = resolveTransfer(situation, request.action, request.counterPartyRoleId);
    if (isRefusal(transfer)) fail(transfer.code, transfer.field);
    const carrierSide = loaded.access.held.filter((role) => transfer.carrierSide.includes(role.roleId)).map((role) => role.roleId);
    const refusal = counterPartyRecordRefusal(situation, transfer, carrierSide);
    if (refusal) fail(refusal.code, refusal.field);
    if (!signingMethodsOf(situation, transfer.action).includes('SIGN_ON_GLASS')) fail('4.50', 'action');

    const token = randomToken(32);
    const now = ctx.now();
    const expiresAt = new Date(now.getTime() + ctx.config.HANDOVER_LINK_TTL_SECONDS * 1000);
    const link = {
      documentId: loaded.document.id,
      action: transfer.action,
      counterPartyRoleId: transfer.action === 'CARRIER_TO_CARRIER' ? (transfer.toRoleId ?? null) : null,
    };
    // Contract §7: a new link for the same transfer ends the earlier ones (one phone signs, not two).
    await endTransferLinks(tx, link, now);
    await tx.insert(handoverLinks).values({ id: newId(), tokenHash: hashToken(token), ...link, createdByAccountId: accountId, createdAt: now, expiresAt });
    return { url: `${publicUrl(ctx.config)}/handover/${token}`, expiresAt: expiresAt.toISOString() };
  });
}
