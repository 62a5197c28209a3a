/**
 * The portal offers an approval only to a counter party (issue 19): the carrier side approves on its tablet.
 */
import { describe, expect, it } from 'vitest';
import { counterPartyApprovalOf } from '@/lib/domain/counter-party-approval';
import type { DocumentAction } from '@/lib/domain/document-actions';
import type { Role } from '@/lib/schemas/freight-document';

const view = (allowedActions: DocumentAction[], roles: [Role, string][], custody: string | null = null) => ({
  allowedActions,
  ownPermissions: roles.map(([role, roleId]) => ({ role, roleId })),
  custody: custody ? { roleId: custody } : null,
});

describe('counterPartyApprovalOf', () => {
  it('offers the collection to the consignor or the place of taking over', () => {
    expect(counterPartyApprovalOf(view(['APPROVE_COLLECTION'], [['CONSIGNOR', 'r1']]))).toEqual({ action: 'COLLECTION', ownRole: 'CONSIGNOR' });
    expect(counterPartyApprovalOf(view(['APPROVE_COLLECTION'], [['PLACE_OF_TAKING_OVER', 'r2']]))).toEqual({
      action: 'COLLECTION',
      ownRole: 'PLACE_OF_TAKING_OVER',
    });
  });

  it('offers the delivery to the consignee or the place of delivery', () => {
    expect(counterPartyApprovalOf(view(['APPROVE_DELIVERY'], [['PLACE_OF_DELIVERY', 'r3']]))).toEqual({ action: 'DELIVERY', ownRole: 'PLACE_OF_DELIVERY' });
  });

  it('offers nothing to the carrier side, nor when the service allows no approval now', () => {
    expect(counterPartyApprovalOf(view(['APPROVE_COLLECTION', 'APPROVE_DELIVERY'], [['CARRIER', 'c1']], 'c1'))).toBeNull();
    expect(counterPartyApprovalOf(view(['COMMENT'], [['CONSIGNOR', 'r1']]))).toBeNull();
    // A consignor who is also the consignee is not offered the delivery while only the collection is open.
    expect(counterPartyApprovalOf(view(['APPROVE_COLLECTION'], [['CONSIGNEE', 'r4']]))).toBeNull();
  });

  it('offers a hand-over between carriers to the receiving subsequent carrier only', () => {
    expect(counterPartyApprovalOf(view(['APPROVE_CARRIER_TO_CARRIER'], [['SUBSEQUENT_CARRIER', 's1']], 'c1'))).toEqual({
      action: 'CARRIER_TO_CARRIER',
      ownRole: 'SUBSEQUENT_CARRIER',
      counterPartyRoleId: 's1',
    });
    expect(counterPartyApprovalOf(view(['APPROVE_CARRIER_TO_CARRIER'], [['SUBSEQUENT_CARRIER', 's1']], 's1'))).toBeNull();
  });
});
