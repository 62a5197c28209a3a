import { fail } from '@/server/errors';
import { requireAccountId, type ServiceContext } from '../context';
import { chargeIssue } from './credits';
import { requireRole } from './load-document';
import { mutateAndSerialize } from './mutate-document';

/** POST /freightdocuments/{id}/issue: DRAFT → ISSUED by the submitter; the content becomes legally fixed. */
export async function issueFreightDocument({ ctx, input }: { ctx: ServiceContext; input: { freightDocumentId: string } }) {
  const accountId = requireAccountId(ctx);
  return mutateAndSerialize(ctx, {
    freightDocumentId: input.freightDocumentId,
    changeType: 'ISSUE',
    apply: async (loaded, tx) => {
      requireRole(loaded, 'SUBMITTER');
      if (loaded.document.status !== 'DRAFT') fail('4.18');
      await chargeIssue(ctx, tx, accountId);
      return { newStatus: 'ISSUED' };
    },
  });
}
