import type { z } from 'zod';
import { structuredGoodsPatchInput } from '@/lib/schemas/freight-document';
import { errorItem, parseInput, ServiceError } from '@/server/errors';
import type { ServiceContext } from '../context';
import { authorize } from '../document/load-document';
import { mutateAndSerialize } from '../document/mutate-document';
import { unknownGoodsLine } from './unknown-goods-line';

/**
 * PATCH /freightdocuments/{id}/structuredgoods (contract §4): after issue the carrier corrects quantities
 * of existing lines only (ISSUED or TRANSIT, else 4.18); a line that is not one of the document's is 4.46.
 */
export async function correctStructuredGoods({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { freightDocumentId: string; body: z.input<typeof structuredGoodsPatchInput> };
}) {
  const patchInput = parseInput(structuredGoodsPatchInput, input.body);
  const { structuredGoods, previousCommits } = patchInput;

  return mutateAndSerialize(ctx, {
    freightDocumentId: input.freightDocumentId,
    changeType: 'STRUCTURED_GOODS',
    previousCommits,
    requirePreviousCommits: true,
    apply: async (loaded) => {
      const actingAs = authorize(loaded, 'CORRECT_STRUCTURED_GOODS');
      const lines = (loaded.document.content.structuredGoods as Record<string, unknown>[] | undefined) ?? [];
      const errors = structuredGoods.flatMap((item, index) =>
        item.productId === undefined || !lines.some((line) => line.productId === item.productId)
          ? [errorItem('4.46', `structuredGoods[${index}].productId`, unknownGoodsLine(item.productId))]
          : [],
      );
      if (errors.length > 0) throw new ServiceError(errors);
      const corrected = lines.map((line) => {
        const patch = structuredGoods.find((item) => item.productId === line.productId);
        if (!patch) return line;
        const { productId: _productId, ...quantities } = patch;
        return { ...line, ...Object.fromEntries(Object.entries(quantities).filter(([, value]) => value !== undefined)) };
      });
      return { set: { content: { ...loaded.document.content, structuredGoods: corrected } }, changesStructuredGoods: true, actingAs };
    },
  });
}
