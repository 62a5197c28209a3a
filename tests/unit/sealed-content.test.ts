/**
 * Who reads sealed content (contract §5): holders of VIEW_SEALED_ATTACHMENT, and for a sign-on-glass signature
 * also the carrier side that recorded it, so the carrier's tablet can show it on the timeline.
 */
import { describe, expect, it } from 'vitest';
import { permissionsOf } from '@/lib/domain/permissions';
import type { LoadedDocument } from '@/server/services/document/load-document';
import { mayReadSealed } from '@/server/services/freight-documents/sealed-content';

const held = (role: 'CARRIER' | 'SUBSEQUENT_CARRIER' | 'CONSIGNEE' | 'PLACE_OF_DELIVERY', roleId: string) => ({
  role,
  roleId,
  via: 'HOLDER' as const,
  permissions: permissionsOf(role),
});
const signature = { type: 'SIGN_ON_GLASS', attachmentId: 'sig', submittedByAccountId: 'carrier-account', fromRoleId: 'r-second' };

function loaded(accountId: string, roles: ReturnType<typeof held>[], approvals: object[] = [signature]): LoadedDocument {
  return { document: {}, roles: [], approvals, access: { accountId, held: roles, documentDelegations: [] } } as unknown as LoadedDocument;
}

describe('mayReadSealed', () => {
  it('lets VIEW_SEALED_ATTACHMENT read anything sealed', () => {
    expect(mayReadSealed(loaded('x', [held('CONSIGNEE', 'r-cee')]), 'other')).toBe(true);
  });
  it('lets the account that recorded a signature, and the handing-over role, read that signature only', () => {
    expect(mayReadSealed(loaded('carrier-account', [held('CARRIER', 'r-car')]), 'sig')).toBe(true);
    expect(mayReadSealed(loaded('second-account', [held('SUBSEQUENT_CARRIER', 'r-second')]), 'sig')).toBe(true);
    expect(mayReadSealed(loaded('carrier-account', [held('CARRIER', 'r-car')]), 'other')).toBe(false);
  });
  it('refuses other role holders', () => {
    expect(mayReadSealed(loaded('first-account', [held('SUBSEQUENT_CARRIER', 'r-first')]), 'sig')).toBe(false);
    expect(mayReadSealed(loaded('place-account', [held('PLACE_OF_DELIVERY', 'r-place')]), 'sig')).toBe(false);
  });
  it('at collection the carrier is the handing-over role', () => {
    const atCollection = { ...signature, fromRoleId: null, submittedByAccountId: 'someone-else' };
    expect(mayReadSealed(loaded('carrier-account', [held('CARRIER', 'r-car')], [atCollection]), 'sig')).toBe(true);
  });
});
