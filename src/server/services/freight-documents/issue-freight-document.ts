import { requireAccountId, type ServiceContext } from '../context';
import { authorize } from '../document/load-document';
import { transferSecretsWrite } from '../document/transfer-secrets';
import { chargeIssue } from '../document/credits';
import { mutateAndSerialize } from '../document/mutate-document';

/**
 * POST /freightdocuments/{id}/issue: DRAFT → ISSUED by the submitter or a delegate of its role (who acts with the
 * role's rights); the submitter's credits pay (spec §5). The content becomes legally fixed and the transfers get
 * their TFA secrets.
 */
export async function issueFreightDocument({ ctx, input }: { ctx: ServiceContext; input: { freightDocumentId: string } }) {
  requireAccountId(ctx);
  return mutateAndSerialize(ctx, {
    freightDocumentId: input.freightDocumentId,
    changeType: 'ISSUE',
    apply: async (loaded, tx) => {
      const actingAs = authorize(loaded, 'ISSUE');
      await chargeIssue(ctx, tx, loaded.document.submitterAccountId);
      // The secrets ride in the commit's statement (issue 24).
      return { set: { status: 'ISSUED' }, actingAs, attachmentsUnchanged: true, writes: [transferSecretsWrite(ctx, tx, loaded.document.id, loaded.roles)] };
    },
  });
}
