/**
 * The legal-event rules of lib/domain/legal-events.ts (contract §14): the stages of reservations and who may
 * record them, the after-delivery window (7 UTC calendar days, Sundays not counted) and the 21 × 24 h delay
 * window, who holds the right of disposal, and the refusals of instructions, answers, impediments, cash on
 * delivery and replacement by paper.
 */
import { describe, expect, it } from 'vitest';
import {
  afterDeliveryDeadline,
  ancestorsOf,
  answerRefusal,
  cashOnDeliveryRefusal,
  delayDeadline,
  impedimentRefusal,
  instructionRefusal,
  mayReserve,
  replacementRefusal,
  replacingRole,
  reservationRole,
  reservationsOfApproval,
  rightOfDisposalHolder,
  reservationStillOpen,
  withdrawalRefusal,
  withdrawnReservationIds,
  withinTimeLimit,
  type LegalSituation,
} from '@/lib/domain/legal-events';
import type { ApprovalFact } from '@/lib/domain/transfers';

const roles = [
  { id: 'cor', role: 'CONSIGNOR' as const },
  { id: 'cee', role: 'CONSIGNEE' as const },
  { id: 'pod', role: 'PLACE_OF_DELIVERY' as const },
  { id: 'car', role: 'CARRIER' as const },
  { id: 'sc1', role: 'SUBSEQUENT_CARRIER' as const },
  { id: 'sub', role: 'SUBMITTER' as const },
];
const as = (...ids: string[]) => roles.filter((role) => ids.includes(role.id)).map((role) => ({ role: role.role, roleId: role.id }));

function situation(status: LegalSituation['status'], overrides: Partial<LegalSituation> = {}): LegalSituation {
  return {
    status,
    roles,
    custody: status === 'ISSUED' || status === 'DRAFT' ? [] : ['car'],
    approvals: [],
    signingMethods: {},
    deliveredAt: status === 'DELIVERED' ? new Date('2026-11-02T10:00:00Z') : null,
    replacedByPaper: false,
    consigneeHasRightOfDisposal: false,
    pendingInstructions: 0,
    reimbursementAmount: 0,
    ...overrides,
  };
}
const carrierCollected: ApprovalFact = { action: 'COLLECTION', side: 'CARRIER', fromRoleId: null, toRoleId: 'car', declined: false };

describe('after-delivery window: the 7 UTC calendar days after the day of delivery, Sundays not counted', () => {
  it('delivered on a Monday: open until the end of the following Tuesday (the contract example), whatever the hour', () => {
    for (const at of ['2026-11-02T00:00:00Z', '2026-11-02T22:30:00Z', '2026-11-02T23:59:59.999Z']) {
      const monday = new Date(at);
      expect(afterDeliveryDeadline(monday).toISOString()).toBe('2026-11-11T00:00:00.000Z');
      expect(withinTimeLimit('AFTER_DELIVERY', monday, new Date('2026-11-10T23:59:59.999Z'))).toBe(true);
      expect(withinTimeLimit('AFTER_DELIVERY', monday, new Date('2026-11-11T00:00:00Z'))).toBe(false);
    }
  });

  it('for a delivery on every day of the week, the day of delivery and the Sundays are not counted', () => {
    // Delivered → the last day of the window (UTC). 2026-11-02 is a Monday.
    const windows: [delivered: string, lastDay: string][] = [
      ['2026-11-02', '2026-11-10'], // Mon: Tue Wed Thu Fri Sat (Sun) Mon Tue
      ['2026-11-03', '2026-11-11'], // Tue: … (Sun) … Wed
      ['2026-11-04', '2026-11-12'], // Wed
      ['2026-11-05', '2026-11-13'], // Thu
      ['2026-11-06', '2026-11-14'], // Fri: Sat (Sun) Mon Tue Wed Thu Fri Sat
      ['2026-11-07', '2026-11-16'], // Sat: (Sun) Mon … Sat (Sun) Mon
      ['2026-11-08', '2026-11-16'], // Sun: Mon … Sat (Sun) Mon
    ];
    for (const [delivered, lastDay] of windows) {
      const deadline = afterDeliveryDeadline(new Date(`${delivered}T12:00:00Z`));
      expect(deadline.toISOString(), delivered).toBe(new Date(Date.parse(`${lastDay}T00:00:00Z`) + 24 * 3600 * 1000).toISOString());
      expect(withinTimeLimit('AFTER_DELIVERY', new Date(`${delivered}T12:00:00Z`), new Date(`${lastDay}T23:59:59Z`))).toBe(true);
    }
  });

  it('across a month end and a year end', () => {
    // Friday 27 November: Sat 28 (Sun 29) Mon 30, Tue 1 … Sat 5 December.
    expect(afterDeliveryDeadline(new Date('2026-11-27T16:00:00Z')).toISOString()).toBe('2026-12-06T00:00:00.000Z');
    // Thursday 31 December: Fri 1, Sat 2 (Sun 3) Mon 4 … Fri 8 January.
    expect(afterDeliveryDeadline(new Date('2026-12-31T09:00:00Z')).toISOString()).toBe('2027-01-09T00:00:00.000Z');
  });

  it('the delay window is 21 × 24 hours from the completion, to the millisecond', () => {
    const delivered = new Date('2026-11-02T10:00:00Z');
    expect(delayDeadline(delivered).toISOString()).toBe('2026-11-23T10:00:00.000Z');
    expect(withinTimeLimit('DELAY', delivered, new Date('2026-11-23T10:00:00Z'))).toBe(true);
    expect(withinTimeLimit('DELAY', delivered, new Date('2026-11-23T10:00:00.001Z'))).toBe(false);
    expect(withinTimeLimit('DELIVERY', delivered, new Date('2027-01-01T00:00:00Z'))).toBe(true);
  });
});

describe('reservation stages', () => {
  it('TAKING_OVER: the carrier while ISSUED, until its own collection approval', () => {
    expect(reservationRole(situation('ISSUED'), 'TAKING_OVER', as('car'))).toEqual({ role: 'CARRIER', roleId: 'car' });
    expect(reservationRole(situation('ISSUED', { approvals: [carrierCollected] }), 'TAKING_OVER', as('car'))).toEqual({
      code: '4.60',
      field: 'reservation.stage',
    });
    expect(reservationRole(situation('ISSUED'), 'TAKING_OVER', as('cee'))).toMatchObject({ code: '4.60' });
    expect(reservationRole(situation('TRANSIT'), 'TAKING_OVER', as('car'))).toMatchObject({ code: '4.60' });
  });

  it('CARRIER_TO_CARRIER: the receiving subsequent carrier while the hand-over is open', () => {
    expect(reservationRole(situation('TRANSIT'), 'CARRIER_TO_CARRIER', as('sc1'))).toEqual({ role: 'SUBSEQUENT_CARRIER', roleId: 'sc1' });
    expect(reservationRole(situation('TRANSIT'), 'CARRIER_TO_CARRIER', as('car'))).toMatchObject({ code: '4.60' });
    const received: ApprovalFact = { action: 'CARRIER_TO_CARRIER', side: 'COUNTER_PARTY', fromRoleId: 'car', toRoleId: 'sc1', declined: false };
    expect(reservationRole(situation('TRANSIT', { approvals: [received] }), 'CARRIER_TO_CARRIER', as('sc1'))).toMatchObject({ code: '4.60' });
  });

  it('DELIVERY: consignee, place of delivery or the holder of the cargo while TRANSIT', () => {
    for (const id of ['cee', 'pod', 'car']) expect(reservationRole(situation('TRANSIT'), 'DELIVERY', as(id))).not.toHaveProperty('code');
    expect(reservationRole(situation('TRANSIT'), 'DELIVERY', as('sc1'))).toMatchObject({ code: '4.60' });
    expect(reservationRole(situation('DELIVERED'), 'DELIVERY', as('cee'))).toMatchObject({ code: '4.60' });
  });

  it('AFTER_DELIVERY and DELAY: the consignee after DELIVERED; 1.4 for a role that never reserves; 4.63 once replaced', () => {
    expect(reservationRole(situation('DELIVERED'), 'AFTER_DELIVERY', as('cee'))).toEqual({ role: 'CONSIGNEE', roleId: 'cee' });
    expect(reservationRole(situation('DELIVERED'), 'DELAY', as('pod'))).toMatchObject({ code: '4.60' });
    expect(reservationRole(situation('TRANSIT'), 'DELAY', as('cee'))).toMatchObject({ code: '4.60' });
    expect(reservationRole(situation('TRANSIT'), 'DELIVERY', as('cor', 'sub'))).toEqual({ code: '1.4' });
    expect(reservationRole(situation('TRANSIT', { replacedByPaper: true }), 'DELIVERY', as('cee'))).toEqual({ code: '4.63' });
    expect(mayReserve(situation('DRAFT'), as('car'))).toMatchObject({ code: '4.60' });
    expect(mayReserve(situation('ISSUED'), as('car'))).toBeUndefined();
  });

  it('a counter party accepts the reservations of its stage it was shown (ancestors of its heads); later ones are unseen', () => {
    // c1 ← c2 (a) ← c3 (b) ← c4 (c, d withdrawn); a branch c5 (e) from c2 that the approver never saw.
    const commits = [
      { id: 'c1', previousCommits: [] },
      { id: 'c2', previousCommits: ['c1'] },
      { id: 'c3', previousCommits: ['c2'] },
      { id: 'c4', previousCommits: ['c3'] },
      { id: 'c5', previousCommits: ['c2'] },
    ];
    const reservations = [
      { commentId: 'a', stage: 'TAKING_OVER' as const, toRoleId: 'car', commitId: 'c2', withdrawn: false },
      { commentId: 'b', stage: 'TAKING_OVER' as const, toRoleId: 'car', commitId: 'c3', withdrawn: false },
      { commentId: 'c', stage: 'TAKING_OVER' as const, toRoleId: 'car', commitId: 'c4', withdrawn: false },
      { commentId: 'd', stage: 'TAKING_OVER' as const, toRoleId: 'car', commitId: 'c3', withdrawn: true },
      { commentId: 'e', stage: 'TAKING_OVER' as const, toRoleId: 'car', commitId: 'c5', withdrawn: false },
      { commentId: 'f', stage: 'DELIVERY' as const, toRoleId: 'car', commitId: 'c2', withdrawn: false },
      { commentId: 'g', stage: 'CARRIER_TO_CARRIER' as const, toRoleId: 'sc1', commitId: 'c2', withdrawn: false },
    ];
    const shown = ancestorsOf(commits, ['c3']);
    expect([...shown].sort()).toEqual(['c1', 'c2', 'c3']);
    const collection = { action: 'COLLECTION' as const, side: 'COUNTER_PARTY' as const, declined: false, toRoleId: 'car' };
    expect(reservationsOfApproval(reservations, collection, shown)).toEqual({ accepted: ['a', 'b'], unseen: ['c', 'e'] });
    expect(reservationsOfApproval(reservations, collection, ancestorsOf(commits, ['c4', 'c5']))).toEqual({ accepted: ['a', 'b', 'c', 'e'], unseen: [] });
    expect(reservationsOfApproval(reservations, { ...collection, side: 'CARRIER' }, shown)).toEqual({ accepted: [], unseen: [] });
    expect(reservationsOfApproval(reservations, { ...collection, declined: true }, shown)).toEqual({ accepted: [], unseen: [] });
    expect(reservationsOfApproval(reservations, { action: 'CARRIER_TO_CARRIER', side: 'COUNTER_PARTY', declined: false, toRoleId: 'sc1' }, shown)).toEqual({
      accepted: ['g'],
      unseen: [],
    });
    expect(
      withdrawnReservationIds([
        { kind: 'RESERVATION_WITHDRAWAL', body: { commentId: 'd' } },
        { kind: 'IMPEDIMENT', body: { commentId: 'x' } },
      ]),
    ).toEqual(new Set(['d']));
  });

  it('the author withdraws a reservation until its stage’s counter party answered; never after-delivery or recorded-for ones', () => {
    const taking = { stage: 'TAKING_OVER' as const, roleId: 'car', withdrawn: false };
    expect(withdrawalRefusal(situation('ISSUED'), taking, true)).toBeUndefined();
    expect(withdrawalRefusal(situation('ISSUED'), taking, false)).toEqual({ code: '1.4' });
    expect(withdrawalRefusal(situation('ISSUED'), { ...taking, withdrawn: true }, true)).toEqual({ code: '4.60' });
    expect(withdrawalRefusal(situation('ISSUED'), { ...taking, recordedFor: { name: 'Bea' } }, true)).toEqual({ code: '4.60' });
    expect(withdrawalRefusal(situation('ISSUED'), null, true)).toEqual({ code: '4.60' });
    expect(withdrawalRefusal(situation('ISSUED'), { ...taking, stage: undefined }, true)).toEqual({ code: '4.60' });
    // The carrier's own approval is no answer of the counter party; the consignor's approval or decline is.
    expect(withdrawalRefusal(situation('ISSUED', { approvals: [carrierCollected] }), taking, true)).toBeUndefined();
    const declined: ApprovalFact = { action: 'COLLECTION', side: 'COUNTER_PARTY', fromRoleId: null, toRoleId: 'car', declined: true };
    expect(withdrawalRefusal(situation('ISSUED', { approvals: [declined] }), taking, true)).toEqual({ code: '4.60' });
    for (const stage of ['AFTER_DELIVERY', 'DELAY'] as const)
      expect(withdrawalRefusal(situation('DELIVERED'), { ...taking, stage }, true)).toEqual({ code: '4.60' });
    // Between carriers: only the hand-over to the reservation's author answers it.
    const toOther: ApprovalFact = { action: 'CARRIER_TO_CARRIER', side: 'COUNTER_PARTY', fromRoleId: 'car', toRoleId: 'sc2', declined: false };
    const relay = { stage: 'CARRIER_TO_CARRIER' as const, roleId: 'sc1', withdrawn: false };
    expect(withdrawalRefusal(situation('TRANSIT', { approvals: [toOther] }), relay, true)).toBeUndefined();
    expect(withdrawalRefusal(situation('TRANSIT', { approvals: [{ ...toOther, toRoleId: 'sc1' }] }), relay, true)).toEqual({ code: '4.60' });
    expect(withdrawalRefusal(situation('TRANSIT', { replacedByPaper: true }), relay, true)).toEqual({ code: '4.63' });
  });

  it('the screens ask the same rule as the service: open until the stage’s counter party answered', () => {
    const taking = { stage: 'TAKING_OVER' as const, roleId: 'car', withdrawn: false };
    expect(reservationStillOpen([], taking)).toBe(true);
    expect(reservationStillOpen([carrierCollected], taking)).toBe(true);
    expect(reservationStillOpen([{ action: 'COLLECTION', side: 'COUNTER_PARTY', toRoleId: 'car' }], taking)).toBe(false);
    expect(reservationStillOpen([{ action: 'DELIVERY', side: 'COUNTER_PARTY', toRoleId: null }], taking)).toBe(true);
    expect(reservationStillOpen([], { ...taking, withdrawn: true })).toBe(false);
  });
});

describe('right of disposal and the other events', () => {
  it('the consignor holds it until delivery, the consignee from the start when agreed', () => {
    expect(rightOfDisposalHolder(situation('TRANSIT'))).toBe('CONSIGNOR');
    expect(rightOfDisposalHolder(situation('DELIVERED'))).toBe('CONSIGNEE');
    expect(rightOfDisposalHolder(situation('ISSUED', { consigneeHasRightOfDisposal: true }))).toBe('CONSIGNEE');
    expect(instructionRefusal(situation('ISSUED'), as('cor'))).toBeUndefined();
    expect(instructionRefusal(situation('ISSUED'), as('cee', 'car'))).toEqual({ code: '4.61' });
    expect(instructionRefusal(situation('DELIVERED'), as('cee'))).toEqual({ code: '4.18' });
    expect(instructionRefusal(situation('TRANSIT', { consigneeHasRightOfDisposal: true }), as('cee'))).toBeUndefined();
  });

  it('answers by the carrier side, impediments by the holder of the cargo in TRANSIT, cash on delivery with a reimbursement', () => {
    expect(answerRefusal(situation('ISSUED'), as('car'))).toBeUndefined();
    expect(answerRefusal(situation('TRANSIT'), as('sc1'))).toEqual({ code: '1.4' });
    expect(answerRefusal(situation('TRANSIT'), as('cor'))).toEqual({ code: '1.4' });
    expect(impedimentRefusal(situation('TRANSIT'), as('car'))).toBeUndefined();
    expect(impedimentRefusal(situation('ISSUED'), as('car'))).toEqual({ code: '4.64' });
    expect(impedimentRefusal(situation('TRANSIT'), as('sc1'))).toEqual({ code: '4.64' });
    expect(impedimentRefusal(situation('TRANSIT'), as('cee'))).toEqual({ code: '1.4' });
    expect(cashOnDeliveryRefusal(situation('TRANSIT', { reimbursementAmount: 120 }), as('car'))).toBeUndefined();
    expect(cashOnDeliveryRefusal(situation('TRANSIT'), as('car'))).toEqual({ code: '4.18' });
    expect(replacementRefusal(situation('TRANSIT'), as('sub'))).toBeUndefined();
    expect(replacementRefusal(situation('DELIVERED'), as('car'))).toEqual({ code: '4.18' });
    expect(replacementRefusal(situation('TRANSIT'), as('cee'))).toEqual({ code: '1.4' });
    expect(replacementRefusal(situation('TRANSIT', { replacedByPaper: true }), as('car'))).toEqual({ code: '4.63' });
  });

  it('replacement by paper: the submitter, or the carrier side holding the cargo (before the collection the carrier)', () => {
    expect(replacingRole(situation('ISSUED'), as('car'))).toEqual({ role: 'CARRIER', roleId: 'car' });
    expect(replacingRole(situation('TRANSIT'), as('car'))).toEqual({ role: 'CARRIER', roleId: 'car' });
    expect(replacingRole(situation('TRANSIT'), as('sub', 'car'))).toEqual({ role: 'SUBMITTER', roleId: 'sub' });
    // A subsequent carrier that never held the cargo (issue 32: it replaced the note and froze it).
    expect(replacingRole(situation('ISSUED'), as('sc1'))).toEqual({ code: '1.4' });
    expect(replacingRole(situation('TRANSIT'), as('sc1'))).toEqual({ code: '1.4' });
    // Once it holds the cargo, it may; the carrier, who handed it on, no longer.
    expect(replacingRole(situation('TRANSIT', { custody: ['car', 'sc1'] }), as('sc1'))).toEqual({ role: 'SUBSEQUENT_CARRIER', roleId: 'sc1' });
    expect(replacingRole(situation('TRANSIT', { custody: ['car', 'sc1'] }), as('car'))).toEqual({ code: '1.4' });
  });
});
