import { APPROVE_ACTION } from './action-rules';
import type { DocumentAction } from './document-actions';
import type { TransferAction } from './transfers';
import type { Role } from '@/lib/schemas/freight-document';

/** What the caller approves on its own account as the counter party of a transfer (contract §7, OWN). */
export interface CounterPartyApproval {
  action: TransferAction;
  ownRole: Role;
  /** Between carriers: the receiving subsequent carrier the caller approves as. */
  counterPartyRoleId?: string;
}

interface CallerView {
  allowedActions: readonly DocumentAction[];
  ownPermissions: readonly { role: Role; roleId: string }[];
  custody: { roleId: string } | null;
}

/** The roles that approve each transfer as its counter party (contract §7), in the journey's order. */
export const COUNTER_PARTY_ROLES_OF: readonly (readonly [TransferAction, readonly Role[]])[] = [
  ['COLLECTION', ['CONSIGNOR', 'PLACE_OF_TAKING_OVER']],
  ['CARRIER_TO_CARRIER', ['SUBSEQUENT_CARRIER']],
  ['DELIVERY', ['CONSIGNEE', 'PLACE_OF_DELIVERY']],
];

/**
 * The approval the portal offers the caller now, if any: only as a counter party (the carrier side approves on
 * its tablet). `allowedActions` decides whether an approval is possible; the roles held decide on which side.
 */
export function counterPartyApprovalOf(view: CallerView): CounterPartyApproval | null {
  for (const [action, roles] of COUNTER_PARTY_ROLES_OF) {
    if (action === 'CARRIER_TO_CARRIER' || !view.allowedActions.includes(APPROVE_ACTION[action])) continue;
    const held = roles.find((role) => view.ownPermissions.some((permission) => permission.role === role));
    if (held) return { action, ownRole: held };
  }
  if (view.allowedActions.includes('APPROVE_CARRIER_TO_CARRIER')) {
    // A subsequent carrier that does not hold the cargo yet is the receiving one.
    const receiving = view.ownPermissions.find((permission) => permission.role === 'SUBSEQUENT_CARRIER' && permission.roleId !== view.custody?.roleId);
    if (receiving) return { action: 'CARRIER_TO_CARRIER', ownRole: 'SUBSEQUENT_CARRIER', counterPartyRoleId: receiving.roleId };
  }
  return null;
}
