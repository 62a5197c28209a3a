import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { answerRefusal, carrierSideNow } from '@/lib/domain/legal-events';
import type { PartyInput } from '@/lib/schemas/freight-document';
import { instructionResponseInput } from '@/lib/schemas/legal-events';
import type { Transaction } from '@/server/db/client';
import { documentRoles } from '@/server/db/schema';
import { fail, parseInput, ServiceError } from '@/server/errors';
import { requireAccountId, type ServiceContext } from '../context';
import { preferHolder } from '../access/held-roles';
import { endDelegation } from '../delegations/end-delegation';
import type { LoadedDocument } from '../document/load-document';
import { mutateAndSerialize } from '../document/mutate-document';
import { notifyRoleHolders } from '../freight-documents/notify-role-holders';
import { mailSenderOf } from '../mail/document-mail-policy';
import { resolveParties, roleRowOf, storedParty } from '../freight-documents/parties';
import { notifyOfLegalEvent } from './notify-legal-event';
import { loadLegalState, recordLegalEventRow, refuseIf } from '../document/record-legal-event';

const REPLACED_ROLE = { CHANGE_CONSIGNEE: ['CONSIGNEE', 'newConsignee'], CHANGE_PLACE_OF_DELIVERY: ['PLACE_OF_DELIVERY', 'newPlaceOfDelivery'] } as const;

/**
 * An accepted change of consignee or place of delivery names the new holder as a PUT of that party would: the
 * role keeps its roleId (approvals name it), the new holder is invited or told, the former one told it was replaced,
 * and the delegations made on this document for the role end.
 */
async function replaceHolder(ctx: ServiceContext, tx: Transaction, loaded: LoadedDocument, kind: keyof typeof REPLACED_ROLE, party: PartyInput) {
  const [role, field] = REPLACED_ROLE[kind];
  const { resolved, errors } = await resolveParties(tx, [{ role, party, position: 0, field }]);
  // The party was resolved when the instruction was given (4.40 there), and no account loses its activation: a guard,
  // not an answer the operation declares.
  if (errors.length > 0) throw new ServiceError(errors);
  const holder = resolved[0]!;
  const existing = loaded.roles.find((row) => row.role === role);
  if (existing) {
    await tx
      .update(documentRoles)
      .set({ accountId: holder.accountId, email: holder.email, party: storedParty(party) })
      .where(eq(documentRoles.id, existing.id));
    if (existing.accountId && existing.accountId !== holder.accountId)
      await notifyOfLegalEvent(ctx, tx, loaded, { event: 'ROLE_REPLACED', accountIds: [existing.accountId], role });
    // The former holder's delegates on this document acted for it: they lose the role with it.
    for (const delegation of loaded.access.documentDelegations.filter((entry) => entry.roleId === existing.id)) {
      await endDelegation(tx, delegation, ctx.now());
    }
  } else await tx.insert(documentRoles).values(roleRowOf(loaded.document.id, holder, ctx.now()));
  // Contract §1: the mail names, and counts against, the account whose answer made the change.
  const causedBy = requireAccountId(ctx);
  await notifyRoleHolders(ctx, tx, {
    documentId: loaded.document.id,
    serviceNumber: loaded.document.serviceNumber,
    causedBy,
    sender: await mailSenderOf(tx, causedBy, loaded.roles),
    holders: [{ role, accountId: holder.accountId, email: holder.email }],
    knownAccounts: holder.account && holder.accountId ? new Map([[holder.accountId, holder.account]]) : undefined,
  });
}

/**
 * POST /freightdocuments/{id}/instructions/{instructionId}/response (contract §14, CMR art. 12(5)): the carrier
 * side accepts or refuses (with a reason) a pending instruction; an unknown one is 4.1, an answered one 4.62.
 */
export async function answerInstruction({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { freightDocumentId: string; instructionId: string; body: z.input<typeof instructionResponseInput> };
}) {
  const accountId = requireAccountId(ctx);
  const answer = parseInput(instructionResponseInput, input.body);
  return mutateAndSerialize(ctx, {
    freightDocumentId: input.freightDocumentId,
    changeType: 'INSTRUCTION_RESPONSE',
    previousCommits: answer.previousCommits,
    requirePreviousCommits: true,
    secondsSinceCreation: answer.secondsSinceCreation,
    apply: async (loaded, tx) => {
      const { events, situation } = await loadLegalState(tx, loaded);
      refuseIf(answerRefusal(situation, loaded.access.held));
      const instruction = events.find((event) => event.kind === 'INSTRUCTION' && event.id === input.instructionId);
      if (!instruction) fail('4.1', 'instructionId');
      if (events.some((event) => event.kind === 'INSTRUCTION_RESPONSE' && event.instructionId === instruction.id)) fail('4.62', 'instructionId');
      const carrierSide = carrierSideNow(situation);
      const actingAs = preferHolder(loaded.access.held.filter((role) => carrierSide.includes(role.roleId)))!;
      await recordLegalEventRow(tx, loaded, {
        kind: 'INSTRUCTION_RESPONSE',
        instructionId: instruction.id,
        actingAs,
        callerAccountId: accountId,
        body: { accepted: answer.accepted, reason: answer.reason },
      });
      const given = instruction.body as { kind: string; newConsignee?: PartyInput; newPlaceOfDelivery?: PartyInput };
      const changesRoles = answer.accepted === true && given.kind in REPLACED_ROLE;
      if (changesRoles) {
        const kind = given.kind as keyof typeof REPLACED_ROLE;
        await replaceHolder(ctx, tx, loaded, kind, (kind === 'CHANGE_CONSIGNEE' ? given.newConsignee : given.newPlaceOfDelivery)!);
      }
      if (instruction.accountId) await notifyOfLegalEvent(ctx, tx, loaded, { event: 'INSTRUCTION_RESPONSE', accountIds: [instruction.accountId] });
      return { addsRecords: true, actingAs, changesRoles, legalEvent: 'INSTRUCTION_RESPONSE' };
    },
  });
}
