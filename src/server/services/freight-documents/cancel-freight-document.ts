import type { ServiceContext } from '../context';
import { authorize } from '../document/load-document';
import { mutateDocument } from '../document/mutate-document';

/** POST /freightdocuments/{id}/cancel: only a DRAFT (4.5); afterwards the document is invisible to everyone. */
export async function cancelFreightDocument({ ctx, input }: { ctx: ServiceContext; input: { freightDocumentId: string } }) {
  await mutateDocument(ctx, {
    freightDocumentId: input.freightDocumentId,
    changeType: 'CANCEL',
    apply: async (loaded) => ({ set: { status: 'CANCELLED' }, actingAs: authorize(loaded, 'CANCEL') }),
  });
  return { freightDocumentId: input.freightDocumentId, status: 'CANCELLED' as const };
}
