import type { Role } from '@/lib/schemas/freight-document';
import { CARRIER_ROLES, hasApproved, openTransfers, signingMethodsOf, type ApprovalType, type Transfer, type TransferSituation } from './transfers';

/**
 * The carrier tablet's questions about transfers (issue 9 part 4), answered with the rules of transfers.ts: which
 * open transfers concern a carrier, on which side, and what has been approved. The tablet's list and hand-over
 * screen ask these, so they show exactly the transfers the verbs accept.
 */

export interface MyTransfer {
  transfer: Transfer;
  /** CARRIER: the caller's role hands over (or takes over at the collection); RECEIVING: it receives between carriers. */
  side: 'CARRIER' | 'RECEIVING';
  /** The caller's role in it. */
  myRoleId: string;
  carrierApproved: boolean;
  counterPartyApproved: boolean;
}

/** The open transfers in which one of `heldRoles` (the caller's, only carrier roles count) takes part. */
export function myOpenTransfers(situation: TransferSituation, heldRoles: readonly { roleId: string; role: Role }[]): MyTransfer[] {
  const carrierRoles = heldRoles.filter((held) => CARRIER_ROLES.includes(held.role)).map((held) => held.roleId);
  const mine: MyTransfer[] = [];
  for (const transfer of openTransfers(situation)) {
    const handing = transfer.carrierSide.find((roleId) => carrierRoles.includes(roleId));
    const receiving = transfer.action === 'CARRIER_TO_CARRIER' && transfer.toRoleId && carrierRoles.includes(transfer.toRoleId) ? transfer.toRoleId : undefined;
    const myRoleId = handing ?? receiving;
    if (!myRoleId) continue;
    mine.push({
      transfer,
      side: handing ? 'CARRIER' : 'RECEIVING',
      myRoleId,
      carrierApproved: hasApproved(situation, transfer, 'CARRIER'),
      counterPartyApproved: hasApproved(situation, transfer, 'COUNTER_PARTY'),
    });
  }
  return mine;
}

/** How the counter party of `transfer` may approve: the document's methods for it, and always implicitly (contract §7). */
export function counterPartyMethods(situation: TransferSituation, transfer: Transfer): ApprovalType[] {
  const listed = signingMethodsOf(situation, transfer.action).filter((method): method is ApprovalType =>
    (['OWN', 'TFA', 'SIGN_ON_GLASS'] as const).includes(method as 'OWN'),
  );
  return [...new Set<ApprovalType>([...listed, 'IMPLICIT'])];
}

/** The roles whose party names where the cargo changes hands: the place role first, else the consignor or consignee. */
export function placeRolesOf(transfer: Transfer): Role[] {
  if (transfer.action === 'COLLECTION') return ['PLACE_OF_TAKING_OVER', 'CONSIGNOR'];
  if (transfer.action === 'DELIVERY') return ['PLACE_OF_DELIVERY', 'CONSIGNEE'];
  return ['SUBSEQUENT_CARRIER'];
}
