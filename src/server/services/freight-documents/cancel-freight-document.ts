import { fail } from '@/server/errors';
import type { ServiceContext } from '../context';
import { requireRole } from './load-document';
import { mutateDocument } from './mutate-document';

/** POST /freightdocuments/{id}/cancel: only a DRAFT (4.5); afterwards the document is invisible to everyone. */
export async function cancelFreightDocument({ ctx, input }: { ctx: ServiceContext; input: { freightDocumentId: string } }) {
  await mutateDocument(ctx, {
    freightDocumentId: input.freightDocumentId,
    changeType: 'CANCEL',
    apply: async (loaded) => {
      requireRole(loaded, 'SUBMITTER');
      if (loaded.document.status !== 'DRAFT') fail('4.5');
      return { newStatus: 'CANCELLED' };
    },
  });
  return { freightDocumentId: input.freightDocumentId, status: 'CANCELLED' as const };
}
