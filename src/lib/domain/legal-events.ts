import type { Role } from '@/lib/schemas/freight-document';
import { CARRIER_ROLES, cargoHolder, hasApproved, openTransfers, type TransferSituation } from './transfers';

/**
 * The CMR's legal events (contract §14) as pure rules over a small view of the document: who may record which
 * reservation when, the time limits of after-delivery reservations, who holds the right of disposal, and who
 * may give, answer and report what. The verbs, the action table and the tablet ask these functions alike. The
 * clock is always passed in.
 */

export const RESERVATION_STAGES = ['TAKING_OVER', 'CARRIER_TO_CARRIER', 'DELIVERY', 'AFTER_DELIVERY', 'DELAY'] as const;
export type ReservationStage = (typeof RESERVATION_STAGES)[number];
export const RESERVATION_KINDS = ['CONDITION', 'PACKAGING', 'COUNT', 'MARKS', 'WEIGHT', 'LOSS', 'DAMAGE', 'SHORTAGE', 'DELAY', 'OTHER'] as const;
export type ReservationKind = (typeof RESERVATION_KINDS)[number];
export const INSTRUCTION_KINDS = ['STOP', 'CHANGE_CONSIGNEE', 'CHANGE_PLACE_OF_DELIVERY', 'RETURN_TO_CONSIGNOR', 'OTHER'] as const;
export type InstructionKind = (typeof INSTRUCTION_KINDS)[number];
export const IMPEDIMENT_KINDS = ['CARRIAGE_IMPOSSIBLE', 'DELIVERY_PREVENTED', 'CONSIGNEE_REFUSED'] as const;
export type ImpedimentKind = (typeof IMPEDIMENT_KINDS)[number];
/** The `event` of a webhook delivery for each legal event (contract §11, §14). */
export const LEGAL_EVENTS = ['RESERVATION', 'INSTRUCTION', 'INSTRUCTION_RESPONSE', 'IMPEDIMENT', 'CASH_ON_DELIVERY', 'REPLACED_BY_PAPER'] as const;
export type LegalEvent = (typeof LEGAL_EVENTS)[number];

/** The stage a transfer's reservations belong to: a counter party's approval of that transfer accepts them. */
export const STAGE_OF_TRANSFER = { COLLECTION: 'TAKING_OVER', CARRIER_TO_CARRIER: 'CARRIER_TO_CARRIER', DELIVERY: 'DELIVERY' } as const;

export type LegalRefusal = { code: '1.4' | '4.18' | '4.60' | '4.61' | '4.62' | '4.63' | '4.64'; field?: string };

/** What the legal rules look at besides the transfers. */
export interface LegalSituation extends TransferSituation {
  deliveredAt: Date | null;
  replacedByPaper: boolean;
  consigneeHasRightOfDisposal: boolean;
  /** Whether any instruction waits for the carrier side's answer. */
  pendingInstructions: number;
  /** `reimbursementAmount` of the document (box 15); cash on delivery only when > 0. */
  reimbursementAmount: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const startOfUtcDay = (time: Date) => Date.UTC(time.getUTCFullYear(), time.getUTCMonth(), time.getUTCDate());

/**
 * The end (exclusive) of the after-delivery window (CMR art. 30(1), (4)): the 7 UTC calendar days after the day of the
 * delivery's completion, Sundays not counted and the day of delivery itself not counted, as contract §14's example has
 * it: delivered on a Monday, open until the end of the following Tuesday. Public holidays are not modelled.
 */
export function afterDeliveryDeadline(deliveredAt: Date): Date {
  let day = startOfUtcDay(deliveredAt);
  for (let counted = 0; counted < 7;) {
    day += DAY_MS;
    if (new Date(day).getUTCDay() !== 0) counted += 1;
  }
  return new Date(day + DAY_MS);
}

/** The end of the delay window (CMR art. 30(3)): 21 × 24 hours after the delivery's completion. */
export function delayDeadline(deliveredAt: Date): Date {
  return new Date(deliveredAt.getTime() + 21 * DAY_MS);
}

/** Whether an after-delivery or delay reservation made at `madeAt` came in time; other stages are always in time. */
export function withinTimeLimit(stage: ReservationStage, deliveredAt: Date | null, madeAt: Date): boolean {
  if (!deliveredAt) return true;
  if (stage === 'AFTER_DELIVERY') return madeAt.getTime() < afterDeliveryDeadline(deliveredAt).getTime();
  if (stage === 'DELAY') return madeAt.getTime() <= delayDeadline(deliveredAt).getTime();
  return true;
}

export interface HeldRoleView {
  role: Role;
  roleId: string;
}

/** The roles that may ever record a reservation (contract §14); a caller holding none of them lacks the right. */
export const RESERVING_ROLES: readonly Role[] = ['CARRIER', 'SUBSEQUENT_CARRIER', 'CONSIGNEE', 'PLACE_OF_DELIVERY'];

/**
 * The role in which the caller may record a reservation of `stage` now, or the refusal: no role that ever may
 * 1.4, a stage not possible now (or not for these roles) 4.60.
 */
export function reservationRole(situation: LegalSituation, stage: ReservationStage, held: readonly HeldRoleView[]): HeldRoleView | LegalRefusal {
  if (situation.replacedByPaper) return { code: '4.63' };
  if (!held.some((role) => RESERVING_ROLES.includes(role.role))) return { code: '1.4' };
  const refused: LegalRefusal = { code: '4.60', field: 'reservation.stage' };
  const pick = (ok: (role: HeldRoleView) => boolean) => held.find(ok) ?? refused;
  switch (stage) {
    case 'TAKING_OVER': {
      const [collection] = openTransfers(situation, 'COLLECTION');
      if (!collection || hasApproved(situation, collection, 'CARRIER')) return refused;
      return pick((role) => collection.carrierSide.includes(role.roleId));
    }
    case 'CARRIER_TO_CARRIER': {
      const open = openTransfers(situation, 'CARRIER_TO_CARRIER').filter((transfer) => !hasApproved(situation, transfer, 'COUNTER_PARTY'));
      return pick((role) => open.some((transfer) => transfer.toRoleId === role.roleId));
    }
    case 'DELIVERY': {
      if (situation.status !== 'TRANSIT') return refused;
      const holder = cargoHolder(situation);
      return pick((role) => role.role === 'CONSIGNEE' || role.role === 'PLACE_OF_DELIVERY' || role.roleId === holder);
    }
    case 'AFTER_DELIVERY':
    case 'DELAY':
      if (situation.status !== 'DELIVERED') return refused;
      return pick((role) => role.role === 'CONSIGNEE');
  }
}

/** Who holds the right of disposal (CMR art. 12): the consignor until delivery, else (or when agreed) the consignee. */
export function rightOfDisposalHolder(situation: Pick<LegalSituation, 'status' | 'consigneeHasRightOfDisposal'>): 'CONSIGNOR' | 'CONSIGNEE' {
  return situation.consigneeHasRightOfDisposal || situation.status === 'DELIVERED' ? 'CONSIGNEE' : 'CONSIGNOR';
}

const inCarriage = (situation: LegalSituation) => situation.status === 'ISSUED' || situation.status === 'TRANSIT';

/** Giving an instruction (art. 12): ISSUED or TRANSIT (4.18), by a holder of the right of disposal (4.61). */
export function instructionRefusal(situation: LegalSituation, held: readonly HeldRoleView[]): LegalRefusal | undefined {
  if (situation.replacedByPaper) return { code: '4.63' };
  if (!inCarriage(situation)) return { code: '4.18' };
  const holderRole = rightOfDisposalHolder(situation);
  return held.some((role) => role.role === holderRole) ? undefined : { code: '4.61' };
}

/** The carrier-side roles now: the carrier before the collection, then the holder of the cargo. */
export function carrierSideNow(situation: LegalSituation): string[] {
  if (situation.status === 'ISSUED') return situation.roles.filter((role) => role.role === 'CARRIER').map((role) => role.id);
  const holder = cargoHolder(situation);
  return holder ? [holder] : [];
}

/** Answering an instruction (art. 12(5)): the carrier side (1.4), in carriage (4.18); an answered one is 4.62 (the verb's). */
export function answerRefusal(situation: LegalSituation, held: readonly HeldRoleView[]): LegalRefusal | undefined {
  if (situation.replacedByPaper) return { code: '4.63' };
  if (!held.some((role) => CARRIER_ROLES.includes(role.role))) return { code: '1.4' };
  if (!inCarriage(situation)) return { code: '4.18' };
  const side = carrierSideNow(situation);
  return held.some((role) => side.includes(role.roleId)) ? undefined : { code: '1.4' };
}

/** Reporting an impediment (art. 14, 15): a carrier role (1.4) holding the cargo while TRANSIT (4.64). */
export function impedimentRefusal(situation: LegalSituation, held: readonly HeldRoleView[]): LegalRefusal | undefined {
  if (situation.replacedByPaper) return { code: '4.63' };
  if (!held.some((role) => CARRIER_ROLES.includes(role.role))) return { code: '1.4' };
  const holder = cargoHolder(situation);
  return holder && held.some((role) => role.roleId === holder) ? undefined : { code: '4.64' };
}

/** Recording cash on delivery (art. 21): a carrier role (1.4) holding the cargo (1.4) while TRANSIT with a reimbursement (4.18). */
export function cashOnDeliveryRefusal(situation: LegalSituation, held: readonly HeldRoleView[]): LegalRefusal | undefined {
  if (situation.replacedByPaper) return { code: '4.63' };
  if (!held.some((role) => CARRIER_ROLES.includes(role.role))) return { code: '1.4' };
  if (situation.status !== 'TRANSIT' || !(situation.reimbursementAmount > 0)) return { code: '4.18' };
  const holder = cargoHolder(situation);
  return held.some((role) => role.roleId === holder) ? undefined : { code: '1.4' };
}

/** The roles that may ever replace a note by paper (Additional Protocol art. 5(1)(f)): the submitter and the carriers. */
export const REPLACING_ROLES: readonly Role[] = ['SUBMITTER', 'CARRIER', 'SUBSEQUENT_CARRIER'];

/**
 * The role in which the caller replaces the note by paper (contract §14), or the refusal: the submitter, or the carrier
 * side holding the cargo (before the collection: the carrier); once (4.63), while ISSUED or TRANSIT (4.18); any other
 * caller, a subsequent carrier that never held the cargo included, 1.4.
 */
export function replacingRole(situation: LegalSituation, held: readonly HeldRoleView[]): HeldRoleView | LegalRefusal {
  if (situation.replacedByPaper) return { code: '4.63' };
  if (!held.some((role) => REPLACING_ROLES.includes(role.role))) return { code: '1.4' };
  if (!inCarriage(situation)) return { code: '4.18' };
  const side = carrierSideNow(situation);
  return held.find((role) => role.role === 'SUBMITTER') ?? held.find((role) => side.includes(role.roleId)) ?? { code: '1.4' };
}

/** Replacing by paper: undefined when `replacingRole` finds a role, else its refusal. */
export function replacementRefusal(situation: LegalSituation, held: readonly HeldRoleView[]): LegalRefusal | undefined {
  const role = replacingRole(situation, held);
  return 'code' in role ? role : undefined;
}

/** Whether some stage of reservation is open to the caller now (the action table's RESERVE). */
export function mayReserve(situation: LegalSituation, held: readonly HeldRoleView[]): LegalRefusal | undefined {
  const results = RESERVATION_STAGES.map((stage) => reservationRole(situation, stage, held));
  if (results.some((result) => !('code' in result))) return undefined;
  return (results as LegalRefusal[]).find((refusal) => refusal.code !== '1.4') ?? (results[0] as LegalRefusal);
}

/** A reservation as the acceptance rules see it: its stage, who wrote it (the receiving carrier between carriers), where. */
export interface ReservationFact {
  commentId: string;
  stage: ReservationStage;
  /** The role that wrote it: for CARRIER_TO_CARRIER the receiving subsequent carrier. */
  toRoleId?: string | null;
  /** The commit that recorded it. */
  commitId: string | null;
  withdrawn: boolean;
}

/** The commits `heads` stand on: themselves and every commit before them, through `previousCommits`. */
export function ancestorsOf(commits: readonly { id: string; previousCommits: readonly string[] }[], heads: readonly string[]): Set<string> {
  const parents = new Map(commits.map((commit) => [commit.id, commit.previousCommits]));
  const seen = new Set<string>();
  const stack = [...heads];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(parents.get(id) ?? []));
  }
  return seen;
}

/**
 * The reservations a counter party's approval of a transfer accepts (contract §14, CMR art. 8(2)): those of the
 * transfer's stage among the ancestors of the commits its `previousCommits` names (`seen`: what the approver was shown),
 * withdrawn ones left out. Those of that stage made after them and before the approval are `unseen`: not accepted. The
 * carrier side's own approvals and declines accept none.
 */
export function reservationsOfApproval(
  reservations: readonly ReservationFact[],
  approval: { action: keyof typeof STAGE_OF_TRANSFER; side: 'CARRIER' | 'COUNTER_PARTY'; declined: boolean; toRoleId: string | null },
  seen: ReadonlySet<string>,
): { accepted: string[]; unseen: string[] } {
  if (approval.side !== 'COUNTER_PARTY' || approval.declined) return { accepted: [], unseen: [] };
  const stage = STAGE_OF_TRANSFER[approval.action];
  const ofStage = reservations.filter(
    (reservation) => !reservation.withdrawn && reservation.stage === stage && (stage !== 'CARRIER_TO_CARRIER' || reservation.toRoleId === approval.toRoleId),
  );
  const wasSeen = (reservation: ReservationFact) => reservation.commitId !== null && seen.has(reservation.commitId);
  return {
    accepted: ofStage.filter(wasSeen).map((reservation) => reservation.commentId),
    unseen: ofStage.filter((reservation) => !wasSeen(reservation)).map((reservation) => reservation.commentId),
  };
}

/** The commentIds of the reservations withdrawn by a legal event of their own (contract §14). */
export function withdrawnReservationIds(events: readonly { kind: string; body: unknown }[]): Set<string> {
  return new Set(
    events.flatMap((event) => {
      const commentId = event.kind === 'RESERVATION_WITHDRAWAL' ? (event.body as { commentId?: unknown }).commentId : undefined;
      return typeof commentId === 'string' ? [commentId] : [];
    }),
  );
}

/**
 * Whether the author may withdraw a reservation now (contract §14): its own, while no counter-party approval (or
 * decline) of its stage was given; never an AFTER_DELIVERY or DELAY one, one recorded for a counter party, or one
 * withdrawn already (4.60); not a reservation at all 4.60; another caller 1.4.
 */
export function withdrawalRefusal(
  situation: LegalSituation,
  reservation: { stage?: ReservationStage; roleId: string; recordedFor?: unknown; withdrawn: boolean } | null,
  byAuthor: boolean,
): LegalRefusal | undefined {
  if (situation.replacedByPaper) return { code: '4.63' };
  if (!byAuthor) return { code: '1.4' };
  return reservationStillOpen(situation.approvals, reservation) ? undefined : { code: '4.60' };
}

/**
 * Whether a reservation can still be withdrawn by its author (contract §14): a hand-over stage's, not withdrawn, not
 * recorded for a counter party, and no counter-party approval or decline of its stage given yet (between carriers:
 * of the hand-over to the receiving carrier that wrote it). The service's refusal and the screens' Withdraw control
 * ask this one rule.
 */
export function reservationStillOpen(
  approvals: readonly { action: string; side: string; toRoleId: string | null }[],
  reservation: { stage?: ReservationStage; roleId: string; recordedFor?: unknown; withdrawn: boolean } | null,
): boolean {
  if (!reservation?.stage || reservation.withdrawn || reservation.recordedFor) return false;
  const action = (Object.keys(STAGE_OF_TRANSFER) as (keyof typeof STAGE_OF_TRANSFER)[]).find((key) => STAGE_OF_TRANSFER[key] === reservation.stage);
  if (!action) return false;
  return !approvals.some(
    (approval) =>
      approval.action === action && approval.side === 'COUNTER_PARTY' && (action !== 'CARRIER_TO_CARRIER' || approval.toRoleId === reservation.roleId),
  );
}

/** How many instructions have no answer yet. */
export function pendingInstructionsOf(events: readonly { id: string; kind: string; instructionId: string | null }[]): number {
  const answered = new Set(events.filter((event) => event.kind === 'INSTRUCTION_RESPONSE').map((event) => event.instructionId));
  return events.filter((event) => event.kind === 'INSTRUCTION' && !answered.has(event.id)).length;
}
