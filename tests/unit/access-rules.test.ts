/**
 * The access resolver's pure parts: who holds which role (directly, per-document delegation, account-wide
 * chains) and which actions the rule table allows in which state.
 */
import { describe, expect, it } from 'vitest';
import { canMove } from '@/lib/domain/document-status';
import { allowedActionsOf, refusalOf } from '@/server/services/access/actions';
import { resolveHeldRoles, type DelegationRow, type RoleRow } from '@/server/services/access/held-roles';
import type { freightDocuments } from '@/server/db/schema';

const role = (id: string, roleName: RoleRow['role'], accountId: string | null): RoleRow =>
  ({ id, documentId: 'd', role: roleName, accountId, email: null, party: {}, position: 0, createdAt: new Date() }) as RoleRow;
const delegation = (id: string, roleName: DelegationRow['role'], roleId: string, from: string, to: string): DelegationRow =>
  ({
    id,
    documentId: 'd',
    roleId,
    role: roleName,
    grantorAccountId: from,
    delegateAccountId: to,
    parentId: null,
    createdAt: new Date(),
    revokedAt: null,
  }) as DelegationRow;
const doc = (status: string, content: Record<string, unknown> = {}) => ({ status, content }) as unknown as typeof freightDocuments.$inferSelect;

const roles = [role('r-sub', 'SUBMITTER', 'ann'), role('r-car', 'CARRIER', 'bob'), role('r-cee', 'CONSIGNEE', null)];

describe('resolveHeldRoles', () => {
  it('gives the named holder its role and nobody else', () => {
    expect(resolveHeldRoles({ accountId: 'bob', roles, documentDelegations: [], sources: [] })).toEqual([
      { role: 'CARRIER', roleId: 'r-car', via: 'HOLDER', permissions: ['VIEW', 'DELEGATE'] },
    ]);
    expect(resolveHeldRoles({ accountId: 'eve', roles, documentDelegations: [], sources: [] })).toEqual([]);
  });

  it('a per-document delegation gives the role with all its default rights', () => {
    const held = resolveHeldRoles({ accountId: 'dan', roles, documentDelegations: [delegation('g1', 'SUBMITTER', 'r-sub', 'ann', 'dan')], sources: [] });
    expect(held).toEqual([
      { role: 'SUBMITTER', roleId: 'r-sub', via: 'DELEGATE', delegationId: 'g1', permissions: ['UPDATE', 'VIEW', 'DELEGATE', 'VIEW_SEALED_ATTACHMENT'] },
    ]);
  });

  it('an account-wide source reaches the holder’s role only, and a delegate of the source reaches per-document delegations too', () => {
    const sources = [{ accountId: 'bob', role: 'CARRIER' as const, delegationId: 'a1' }];
    expect(resolveHeldRoles({ accountId: 'fay', roles, documentDelegations: [], sources })).toEqual([
      { role: 'CARRIER', roleId: 'r-car', via: 'DELEGATE', delegationId: 'a1', permissions: ['VIEW', 'DELEGATE'] },
    ]);
    // bob's role reaches fay; a SUBMITTER source of bob's would not (bob is no submitter here).
    expect(
      resolveHeldRoles({ accountId: 'fay', roles, documentDelegations: [], sources: [{ accountId: 'bob', role: 'SUBMITTER', delegationId: 'a2' }] }),
    ).toEqual([]);
    // carl received the carrier role of this document per document; fay is carl's account-wide carrier delegate.
    const perDocument = [delegation('g2', 'CARRIER', 'r-car', 'bob', 'carl')];
    expect(
      resolveHeldRoles({ accountId: 'fay', roles, documentDelegations: perDocument, sources: [{ accountId: 'carl', role: 'CARRIER', delegationId: 'a3' }] }),
    ).toEqual([{ role: 'CARRIER', roleId: 'r-car', via: 'DELEGATE', delegationId: 'a3', permissions: ['VIEW', 'DELEGATE'] }]);
  });

  it('prefers being named over being a delegate of the same role', () => {
    const held = resolveHeldRoles({ accountId: 'bob', roles, documentDelegations: [delegation('g3', 'CARRIER', 'r-car', 'bob', 'bob')], sources: [] });
    expect(held).toEqual([{ role: 'CARRIER', roleId: 'r-car', via: 'HOLDER', permissions: ['VIEW', 'DELEGATE'] }]);
  });

  it('ignores a per-document delegation whose role does not match the role row', () => {
    expect(resolveHeldRoles({ accountId: 'dan', roles, documentDelegations: [delegation('g4', 'SUBMITTER', 'r-car', 'ann', 'dan')], sources: [] })).toEqual([]);
  });
});

describe('the action rules', () => {
  const submitter = resolveHeldRoles({ accountId: 'ann', roles, documentDelegations: [], sources: [] });
  const carrier = resolveHeldRoles({ accountId: 'bob', roles, documentDelegations: [], sources: [] });

  it('say 1.4 without the right and the state’s code without the state', () => {
    expect(refusalOf('ISSUE', carrier, { document: doc('DRAFT') })).toBe('1.4');
    expect(refusalOf('ISSUE', submitter, { document: doc('ISSUED') })).toBe('4.18');
    expect(refusalOf('UPDATE', submitter, { document: doc('ISSUED') })).toBe('4.5');
    expect(refusalOf('CANCEL', submitter, { document: doc('TRANSIT') })).toBe('4.5');
    expect(refusalOf('ISSUE', submitter, { document: doc('DRAFT'), canPayForIssue: false })).toBe('4.41');
    expect(refusalOf('CORRECT_STRUCTURED_GOODS', carrier, { document: doc('DRAFT') })).toBe('4.18');
    expect(refusalOf('ISSUE', submitter, { document: doc('DRAFT') })).toBeUndefined();
  });

  it('offer a correction of quantities only when there are lines to correct', () => {
    expect(allowedActionsOf(carrier, { document: doc('ISSUED') })).not.toContain('CORRECT_STRUCTURED_GOODS');
    expect(allowedActionsOf(carrier, { document: doc('TRANSIT', { structuredGoods: [{ productId: 1 }] }) })).toContain('CORRECT_STRUCTURED_GOODS');
  });

  it('never offer an action the state machine could not take', () => {
    for (const status of ['DRAFT', 'ISSUED', 'TRANSIT', 'DELIVERED'] as const) {
      const actions = allowedActionsOf(submitter, { document: doc(status), canPayForIssue: true });
      if (actions.includes('ISSUE')) expect(canMove(status, 'ISSUED')).toBe(true);
      if (actions.includes('CANCEL')) expect(canMove(status, 'CANCELLED')).toBe(true);
    }
  });
});
