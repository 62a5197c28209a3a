import { publicUrl } from '@/server/config/env';
import type { ServiceContext } from '../context';

/** The signing methods the service offers for counter parties (contract §7); the carrier side always approves OWN. */
const SIGNING_METHODS = ['OWN', 'TFA', 'SIGN_ON_GLASS'] as const;

/**
 * The operator's procedures statement (contract §14, Additional Protocol art. 5(2)), generated from the running
 * configuration so that it never describes another deployment than the one answering: how notes are issued and
 * delivered, how integrity is kept and checked, how entitlement is proved, how delivery is confirmed, how
 * amendments are kept and how a note is replaced by paper.
 */
export function getProcedures({ ctx }: { ctx: ServiceContext }) {
  const base = publicUrl(ctx.config);
  return {
    url: `${base}/procedures`,
    environment: ctx.config.APP_ENV,
    legallyValid: ctx.config.APP_ENV === 'production',
    signingMethods: [...SIGNING_METHODS],
    publicKeyUrl: `${base}/api/pgp/publickey`,
    retention:
      'Freight documents, their commits, snapshots and attachments are kept for as long as the service runs; nothing of a document is deleted, a cancelled one included.',
    procedures: {
      issuing:
        'A submitter drafts a note and issues it (POST /freightdocuments/{id}/issue). Every party named by account or e-mail is notified; people without an account are invited to create one.',
      delivery:
        'The goods change hands in transfers (collection, carrier to carrier, delivery). A transfer completes when the carrier side and its counter party have both approved it.',
      integrity: `Every change is a commit. Its commitId is the lowercase hex SHA-256 of the RFC 8785 canonical JSON of {freightDocumentId, changeType, accountId, newFreightDocumentStatus, previousCommits (sorted), createDateTimeClient, createDateTimeServer, contentHash}, each as the commit’s entry in the document’s \`updates\` shows it (null where absent). Its contentHash is the SHA-256 of the canonical JSON of the document’s content after the change, served exactly as hashed by GET /freightdocuments/{id}/commits/{commitId}; that content names the document’s large parts and its records (approvals, comments, legal events, each as first written, never changed) by their SHA-256 digests, the records folded into a root: H({parents: the parents’ roots sorted, records: the added records’ digests sorted}). The document’s previousCommits are its heads. Anyone who may read the document can recompute every id, hash and digest from the API alone: the guide ${base}/docs/guides/verify-a-document states the formula with a worked example and runnable verifiers (shell, Python, TypeScript); the verification page runs the same check.`,
      entitlement:
        'A party proves entitlement by signing in to the account named in its role, by a delegation from that account, by a two-factor response code computed with its account secret, or by a signature on glass recorded by the carrier with the signer’s name.',
      deliveryConfirmation:
        'Delivery is confirmed by the consignee’s (or place of delivery’s) approval of the DELIVERY transfer, given on its own account, by a response code, by a signature on glass, or implicitly by the carrier’s status update, each recorded as such.',
      amendments:
        'Amendments (comments, reservations, instructions and their answers, impediments, cash on delivery, estimated times, plates, quantity corrections) are new commits; nothing recorded is ever changed or removed, and every earlier state can be read back.',
      replacementByPaper:
        'The submitter or the carrier side may replace the electronic note by a paper consignment note (POST /freightdocuments/{id}/replacebypaper) with a reason; the electronic note then records no further change and says so on its PDF and verification page.',
    },
  };
}
