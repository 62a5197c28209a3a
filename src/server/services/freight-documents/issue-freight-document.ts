import { requireAccountId, type ServiceContext } from '../context';
import { authorize } from '../access/load-document';
import { createTransferSecrets } from '../transfers/transfer-secrets';
import { chargeIssue } from './credits';
import { mutateAndSerialize } from './mutate-document';

/**
 * POST /freightdocuments/{id}/issue: DRAFT → ISSUED by the submitter; the content becomes legally fixed and
 * the transfers get their TFA secrets.
 */
export async function issueFreightDocument({ ctx, input }: { ctx: ServiceContext; input: { freightDocumentId: string } }) {
  const accountId = requireAccountId(ctx);
  return mutateAndSerialize(ctx, {
    freightDocumentId: input.freightDocumentId,
    changeType: 'ISSUE',
    apply: async (loaded, tx) => {
      const actingAs = authorize(loaded, 'ISSUE');
      await chargeIssue(ctx, tx, accountId);
      await createTransferSecrets(ctx, tx, loaded.document.id, loaded.roles);
      return { set: { status: 'ISSUED' }, actingAs, attachmentsUnchanged: true };
    },
  });
}
