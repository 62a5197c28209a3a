/**
 * The access resolver's pure parts: who holds which role (directly, per-document delegation, account-wide
 * chains) and which actions the rule table allows in which state, transfers included.
 */
import { describe, expect, it } from 'vitest';
import { canMove } from '@/lib/domain/document-status';
import type { ApprovalFact } from '@/lib/domain/transfers';
import { allowedActionsOf, refusalOf } from '@/lib/domain/action-rules';
import { resolveHeldRoles } from '@/server/services/access/held-roles';
import type { freightDocuments } from '@/server/db/schema';
import type { DelegationRow, RoleRow } from '@/server/services/document/rows';

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
    expect(refusalOf('ISSUE', carrier, { now: new Date(), document: doc('DRAFT') })).toBe('1.4');
    expect(refusalOf('ISSUE', submitter, { now: new Date(), document: doc('ISSUED') })).toBe('4.18');
    expect(refusalOf('UPDATE', submitter, { now: new Date(), document: doc('ISSUED') })).toBe('4.5');
    expect(refusalOf('CANCEL', submitter, { now: new Date(), document: doc('TRANSIT') })).toBe('4.5');
    expect(refusalOf('ISSUE', submitter, { now: new Date(), document: doc('DRAFT'), canPayForIssue: false })).toBe('4.41');
    expect(refusalOf('CORRECT_STRUCTURED_GOODS', carrier, { now: new Date(), document: doc('DRAFT') })).toBe('4.18');
    expect(refusalOf('ISSUE', submitter, { now: new Date(), document: doc('DRAFT') })).toBeUndefined();
  });

  it('offer a correction of quantities only when there are lines to correct', () => {
    expect(allowedActionsOf(carrier, { now: new Date(), document: doc('ISSUED') })).not.toContain('CORRECT_STRUCTURED_GOODS');
    expect(allowedActionsOf(carrier, { now: new Date(), document: doc('TRANSIT', { structuredGoods: [{ productId: 1 }] }) })).toContain(
      'CORRECT_STRUCTURED_GOODS',
    );
  });

  it('never offer an action the state machine could not take', () => {
    for (const status of ['DRAFT', 'ISSUED', 'TRANSIT', 'DELIVERED'] as const) {
      const actions = allowedActionsOf(submitter, { now: new Date(), document: doc(status), canPayForIssue: true });
      if (actions.includes('ISSUE')) expect(canMove(status, 'ISSUED')).toBe(true);
      if (actions.includes('CANCEL')) expect(canMove(status, 'CANCELLED')).toBe(true);
    }
  });
});

describe('the transfer rules of the table (contract §7)', () => {
  const chain = [
    role('r-sub', 'SUBMITTER', 'ann'),
    role('r-cor', 'CONSIGNOR', 'cor'),
    role('r-cee', 'CONSIGNEE', 'cee'),
    role('r-car', 'CARRIER', 'car'),
    role('r-sc1', 'SUBSEQUENT_CARRIER', 'one'),
    role('r-sc2', 'SUBSEQUENT_CARRIER', 'two'),
  ];
  const methods = { collection: ['OWN', 'TFA'], carrierToCarrier: ['OWN', 'TFA'], delivery: ['OWN', 'TFA', 'SIGN_ON_GLASS'] };
  const held = (accountId: string) => resolveHeldRoles({ accountId, roles: chain, documentDelegations: [], sources: [] });
  const state = (status: string, extra: { custody?: string[]; approvals?: ApprovalFact[]; methods?: object; deliveredAt?: Date; now?: Date } = {}) => ({
    document: {
      status,
      content: { availableSigningMethods: extra.methods ?? methods },
      custody: extra.custody ?? [],
      deliveredAt: extra.deliveredAt ?? null,
      licensePlates: [],
    } as unknown as typeof freightDocuments.$inferSelect,
    roles: chain,
    approvals: extra.approvals ?? [],
    now: extra.now ?? new Date(),
  });
  const transferActions = (accountId: string, situation: ReturnType<typeof state>) =>
    allowedActionsOf(held(accountId), situation).filter((action) =>
      [
        'APPROVE_COLLECTION',
        'APPROVE_CARRIER_TO_CARRIER',
        'APPROVE_DELIVERY',
        'RECORD_COUNTERPARTY_APPROVAL',
        'UPDATE_STATUS',
        'COMMENT',
        'EDIT_LICENSE_PLATES',
      ].includes(action),
    );

  it('offer nothing of transfers on a draft, and say why', () => {
    for (const who of ['car', 'cor', 'cee', 'one']) expect(transferActions(who, state('DRAFT'))).toEqual([]);
    expect(refusalOf('APPROVE_COLLECTION', held('car'), state('DRAFT'))).toBe('4.18');
    expect(refusalOf('UPDATE_STATUS', held('car'), state('DRAFT'))).toBe('4.29');
    expect(refusalOf('COMMENT', held('car'), state('DRAFT'))).toBe('4.18');
    expect(refusalOf('EDIT_LICENSE_PLATES', held('car'), state('DRAFT'))).toBe('3.47');
  });

  it('issued: the carrier and the consignor approve the collection; consignee and subsequent carriers do not', () => {
    const issued = state('ISSUED');
    expect(transferActions('car', issued)).toEqual(['APPROVE_COLLECTION', 'RECORD_COUNTERPARTY_APPROVAL', 'UPDATE_STATUS', 'COMMENT', 'EDIT_LICENSE_PLATES']);
    expect(transferActions('cor', issued)).toEqual(['APPROVE_COLLECTION']);
    expect(transferActions('cee', issued)).toEqual([]);
    expect(transferActions('one', issued)).toEqual(['COMMENT', 'EDIT_LICENSE_PLATES']);
    // Consignor and consignee never approve each other; a consignee has no carrier role for plates (3.39).
    expect(refusalOf('APPROVE_COLLECTION', held('cee'), issued)).toBe('1.4');
    expect(refusalOf('EDIT_LICENSE_PLATES', held('cee'), issued)).toBe('3.39');
    expect(refusalOf('APPROVE_CARRIER_TO_CARRIER', held('one'), issued)).toBe('4.18');
    // Without OWN for the collection, the consignor's own approval is 4.50; the carrier records its approval instead.
    const noOwn = state('ISSUED', { methods: { ...methods, collection: ['TFA'] } });
    expect(refusalOf('APPROVE_COLLECTION', held('cor'), noOwn)).toBe('4.50');
    expect(transferActions('car', noOwn)).toContain('APPROVE_COLLECTION');
  });

  it('a side that approved is done; the transfer is offered to the other side until it has too', () => {
    const fact = (side: ApprovalFact['side'], declined = false): ApprovalFact => ({
      action: 'COLLECTION',
      side,
      fromRoleId: null,
      toRoleId: 'r-car',
      declined,
    });
    const carrierApproved = state('ISSUED', { approvals: [fact('CARRIER')] });
    expect(refusalOf('APPROVE_COLLECTION', held('car'), carrierApproved)).toBe('4.18');
    expect(transferActions('car', carrierApproved)).toContain('RECORD_COUNTERPARTY_APPROVAL');
    expect(transferActions('cor', carrierApproved)).toEqual(['APPROVE_COLLECTION']);
    const counterPartyApproved = state('ISSUED', { approvals: [fact('COUNTER_PARTY')] });
    expect(refusalOf('RECORD_COUNTERPARTY_APPROVAL', held('car'), counterPartyApproved)).toBe('4.18');
    expect(refusalOf('APPROVE_COLLECTION', held('cor'), counterPartyApproved)).toBe('4.18');
    // A decline approves nothing: the consignor may still approve.
    expect(transferActions('cor', state('ISSUED', { approvals: [fact('COUNTER_PARTY', true)] }))).toEqual(['APPROVE_COLLECTION']);
  });

  it('in transit only the holder of the cargo hands it over; a subsequent carrier that has not received it may receive it', () => {
    const withCarrier = state('TRANSIT', { custody: ['r-car'] });
    expect(transferActions('car', withCarrier)).toEqual([
      'APPROVE_CARRIER_TO_CARRIER',
      'APPROVE_DELIVERY',
      'RECORD_COUNTERPARTY_APPROVAL',
      'UPDATE_STATUS',
      'COMMENT',
      'EDIT_LICENSE_PLATES',
    ]);
    expect(transferActions('one', withCarrier)).toEqual(['APPROVE_CARRIER_TO_CARRIER', 'COMMENT', 'EDIT_LICENSE_PLATES']);
    expect(transferActions('cee', withCarrier)).toEqual(['APPROVE_DELIVERY']);
    expect(transferActions('cor', withCarrier)).toEqual([]);
    expect(refusalOf('APPROVE_DELIVERY', held('one'), withCarrier)).toBe('1.4');
    expect(refusalOf('UPDATE_STATUS', held('one'), withCarrier)).toBe('1.4');

    const withFirst = state('TRANSIT', { custody: ['r-car', 'r-sc1'] });
    expect(transferActions('car', withFirst)).toEqual(['COMMENT', 'EDIT_LICENSE_PLATES']);
    expect(refusalOf('APPROVE_DELIVERY', held('car'), withFirst)).toBe('1.4');
    expect(transferActions('one', withFirst)).toEqual([
      'APPROVE_CARRIER_TO_CARRIER',
      'APPROVE_DELIVERY',
      'RECORD_COUNTERPARTY_APPROVAL',
      'UPDATE_STATUS',
      'COMMENT',
      'EDIT_LICENSE_PLATES',
    ]);
    expect(transferActions('two', withFirst)).toEqual(['APPROVE_CARRIER_TO_CARRIER', 'COMMENT', 'EDIT_LICENSE_PLATES']);

    // Everybody has held it: no carrier-to-carrier transfer is left.
    const withSecond = state('TRANSIT', { custody: ['r-car', 'r-sc1', 'r-sc2'] });
    expect(refusalOf('APPROVE_CARRIER_TO_CARRIER', held('two'), withSecond)).toBe('4.18');
    expect(transferActions('two', withSecond)).toEqual(['APPROVE_DELIVERY', 'RECORD_COUNTERPARTY_APPROVAL', 'UPDATE_STATUS', 'COMMENT', 'EDIT_LICENSE_PLATES']);
  });

  it('delivered: comments until 14 days after delivery (4.12), no plates (3.47), no moves (4.29)', () => {
    const deliveredAt = new Date('2026-12-01T10:00:00Z');
    const within = state('DELIVERED', { custody: ['r-car'], deliveredAt, now: new Date('2026-12-15T10:00:00Z') });
    const after = state('DELIVERED', { custody: ['r-car'], deliveredAt, now: new Date('2026-12-15T10:00:01Z') });
    expect(transferActions('car', within)).toEqual(['COMMENT']);
    expect(refusalOf('COMMENT', held('car'), after)).toBe('4.12');
    expect(refusalOf('EDIT_LICENSE_PLATES', held('car'), within)).toBe('3.47');
    expect(refusalOf('UPDATE_STATUS', held('car'), within)).toBe('4.29');
    expect(refusalOf('APPROVE_DELIVERY', held('cee'), within)).toBe('4.18');
  });

  it('never offer a status update the state machine could not take', () => {
    for (const [status, custody] of [
      ['DRAFT', []],
      ['ISSUED', []],
      ['TRANSIT', ['r-car']],
      ['TRANSIT', ['r-car', 'r-sc1']],
      ['DELIVERED', ['r-car']],
    ] as const) {
      for (const who of ['car', 'one', 'two']) {
        if (!allowedActionsOf(held(who), state(status, { custody: [...custody] })).includes('UPDATE_STATUS')) continue;
        expect(canMove(status, status === 'ISSUED' ? 'TRANSIT' : 'DELIVERED')).toBe(true);
      }
    }
  });
});
