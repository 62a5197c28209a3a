import type { z } from 'zod';
import { cashOnDeliveryInput } from '@/lib/schemas/legal-events';
import { parseInput } from '@/server/errors';
import { requireAccountId, type ServiceContext } from '../context';
import { authorize } from '../document/load-document';
import { mutateAndSerialize } from '../document/mutate-document';
import { recordLegalEventRow } from '../document/record-legal-event';

/**
 * POST /freightdocuments/{id}/cashondelivery (contract §14, CMR art. 21, box 15): the carrier side holding the
 * cargo records whether it collected the reimbursement, while TRANSIT and only when `reimbursementAmount` > 0
 * (4.18). A later record replaces what the document shows; every record stays in the history.
 */
export async function recordCashOnDelivery({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { freightDocumentId: string; body: z.input<typeof cashOnDeliveryInput> };
}) {
  const accountId = requireAccountId(ctx);
  const cash = parseInput(cashOnDeliveryInput, input.body);
  return mutateAndSerialize(ctx, {
    freightDocumentId: input.freightDocumentId,
    changeType: 'CASH_ON_DELIVERY',
    previousCommits: cash.previousCommits,
    requirePreviousCommits: true,
    secondsSinceCreation: cash.secondsSinceCreation,
    apply: async (loaded, tx) => {
      authorize(loaded, 'RECORD_CASH_ON_DELIVERY');
      // The rule admits only the holder of the cargo: it is the role recorded.
      const actingAs = loaded.access.held.find((role) => role.roleId === loaded.document.custody.at(-1))!;
      await recordLegalEventRow(tx, loaded, {
        kind: 'CASH_ON_DELIVERY',
        actingAs,
        callerAccountId: accountId,
        body: { collected: cash.collected, amount: cash.amount, currency: cash.currency, reference: cash.reference },
      });
      return { addsRecords: true, actingAs, legalEvent: 'CASH_ON_DELIVERY' };
    },
  });
}
