import type { z } from 'zod';
import { changesDateTime } from '@/lib/domain/dates';
import { estimatedTimesInput } from '@/lib/schemas/freight-document';
import { errorItem, fail, parseInput, ServiceError } from '@/server/errors';
import type { ServiceContext } from '../context';
import { authorize } from '../document/load-document';
import { mutateAndSerialize } from '../document/mutate-document';

/**
 * PATCH /freightdocuments/{id}/estimatedtimes (contract §4): the submitter, carrier or a subsequent carrier
 * moves the estimates in any status but CANCELLED; taking over is fixed from TRANSIT (4.9), delivery once
 * DELIVERED (4.10), and taking over must stay before delivery (3.15).
 */
export async function updateEstimatedTimes({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { freightDocumentId: string; body: z.input<typeof estimatedTimesInput> };
}) {
  const times = parseInput(estimatedTimesInput, input.body);
  const { estimatedDateTimeOfTakingOver, estimatedDateTimeOfDelivery, previousCommits } = times;

  return mutateAndSerialize(ctx, {
    freightDocumentId: input.freightDocumentId,
    changeType: 'ESTIMATED_TIMES',
    previousCommits,
    requirePreviousCommits: true,
    apply: async (loaded) => {
      const actingAs = authorize(loaded, 'EDIT_ESTIMATED_TIMES');
      const { status } = loaded.document;
      // Clients send both fields every time: one sent with its current value is no change (contract §4).
      const movesTakingOver = changesDateTime(estimatedDateTimeOfTakingOver, loaded.document.estimatedDateTimeOfTakingOver);
      const movesDelivery = changesDateTime(estimatedDateTimeOfDelivery, loaded.document.estimatedDateTimeOfDelivery);
      if (movesTakingOver && (status === 'TRANSIT' || status === 'DELIVERED')) fail('4.9', 'estimatedDateTimeOfTakingOver');
      if (movesDelivery && status === 'DELIVERED') fail('4.10', 'estimatedDateTimeOfDelivery');
      const takingOver = estimatedDateTimeOfTakingOver ? new Date(estimatedDateTimeOfTakingOver) : loaded.document.estimatedDateTimeOfTakingOver;
      const delivery = estimatedDateTimeOfDelivery ? new Date(estimatedDateTimeOfDelivery) : loaded.document.estimatedDateTimeOfDelivery;
      if (takingOver && delivery && takingOver.getTime() >= delivery.getTime()) {
        throw new ServiceError([errorItem('3.15', 'estimatedDateTimeOfTakingOver')]);
      }
      return { set: { estimatedDateTimeOfTakingOver: takingOver, estimatedDateTimeOfDelivery: delivery }, actingAs };
    },
  });
}
