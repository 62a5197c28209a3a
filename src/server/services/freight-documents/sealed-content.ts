import { callerHasPermission, type LoadedDocument } from '../document/load-document';

/**
 * Whether the caller may read a sealed attachment's content. Contract §5: holders of VIEW_SEALED_ATTACHMENT.
 * Besides them, a sign-on-glass signature may be read by the carrier side of its transfer (the account that
 * recorded it and holders of the handing-over role): it was drawn on their own device, and their tablet shows it
 * on the timeline (issue 9). This widens §5 for that one image; see the issue note.
 */
export function mayReadSealed(loaded: LoadedDocument, attachmentId: string): boolean {
  if (callerHasPermission(loaded, 'VIEW_SEALED_ATTACHMENT')) return true;
  const { accountId, held } = loaded.access;
  const approval = loaded.approvals.find((candidate) => candidate.type === 'SIGN_ON_GLASS' && candidate.attachmentId === attachmentId);
  if (!approval) return false;
  if (approval.submittedByAccountId === accountId) return true;
  // The handing-over role: the carrier at collection, else the one the approval names.
  return held.some((role) => (approval.fromRoleId ? role.roleId === approval.fromRoleId : role.role === 'CARRIER'));
}
