/**
 * The expected answer of every cell of the access matrix, written from the contract (§1, §4, §5, §7, §10, §11)
 * and the specification (§3, §4), never from what the server answers. A cell is a caller (the holder of one role,
 * a delegate of that holder, or an outsider) × a route × the document's status (× a variant of the body).
 *
 * Order of the checks, as the contract reads: a caller who holds no role on the document, and anybody on a
 * cancelled one, gets 4.47 exactly like a missing id (§1, §4); a role holder without the right for the action gets
 * 1.4 (§1, §5), or the code the specification names instead (3.39 for license plates); a holder with the right
 * gets the state's answer (success, or the code of the wrong status).
 */
import type { TransferKind } from './fixture';

export const ROLES = ['SUBMITTER', 'CONSIGNOR', 'CONSIGNEE', 'CARRIER', 'SUBSEQUENT_CARRIER', 'PLACE_OF_TAKING_OVER', 'PLACE_OF_DELIVERY'] as const;
export type Role = (typeof ROLES)[number];
export const STATUSES = ['DRAFT', 'ISSUED', 'TRANSIT', 'DELIVERED', 'CANCELLED'] as const;
export type Status = (typeof STATUSES)[number];

/** An expected answer: a success status, or an error status with its one code. */
export interface Expected {
  status: number;
  code?: string;
}

/**
 * Contract §1, "HTTP status by code", for the codes this matrix can meet: 1.3 1.4 1.10 → 403; 4.1 4.4 4.47 → 404;
 * category 3 → 400; 4.14 4.20 4.36 4.40 4.44 4.50 4.51 → 400; the rest of category 4 → 409.
 */
export function statusOfCode(code: string): number {
  if (['1.3', '1.4', '1.10'].includes(code)) return 403;
  if (['4.1', '4.4', '4.47'].includes(code)) return 404;
  if (code.startsWith('3.')) return 400;
  if (['4.14', '4.20', '4.36', '4.40', '4.44', '4.50', '4.51'].includes(code)) return 400;
  if (code.startsWith('4.')) return 409;
  throw new Error(`no status for ${code} in this matrix`);
}

export const ok = (status: number): Expected => ({ status });
export const refused = (code: string): Expected => ({ status: statusOfCode(code), code });

/** Who asks: a role (held directly or as a per-document delegate: the same rights, spec §1), or nobody. */
export interface Cell {
  role: Role | null;
  status: Status;
}

/** Contract §5 default rights. */
const UPDATE: readonly Role[] = ['SUBMITTER'];
const VIEW_SEALED_ATTACHMENT: readonly Role[] = ['SUBMITTER', 'CONSIGNOR', 'CONSIGNEE'];
/** Contract §4: estimated times by the submitter, the carrier and subsequent carriers. */
const ESTIMATES: readonly Role[] = ['SUBMITTER', 'CARRIER', 'SUBSEQUENT_CARRIER'];
/** Contract §7 and spec §3 rules 5, 6: comments, plates, status updates and quantity corrections are the carrier side's. */
const CARRIERS: readonly Role[] = ['CARRIER', 'SUBSEQUENT_CARRIER'];

/**
 * The parties of each transfer (contract §7): who could ever be its carrier side and its counter party, and, for
 * the fixture's chain (one carrier, one subsequent carrier, the cargo with the carrier while in TRANSIT: see
 * fixture.ts), who is a party of the one that is open now.
 */
const CARRIER_SIDE_EVER: Record<TransferKind, readonly Role[]> = {
  COLLECTION: ['CARRIER'],
  CARRIER_TO_CARRIER: ['CARRIER', 'SUBSEQUENT_CARRIER'],
  DELIVERY: ['CARRIER', 'SUBSEQUENT_CARRIER'],
};
const COUNTER_PARTY_EVER: Record<TransferKind, readonly Role[]> = {
  COLLECTION: ['CONSIGNOR', 'PLACE_OF_TAKING_OVER'],
  CARRIER_TO_CARRIER: ['SUBSEQUENT_CARRIER'],
  DELIVERY: ['CONSIGNEE', 'PLACE_OF_DELIVERY'],
};
/** The status in which each transfer is open (ISSUED → TRANSIT by collection; TRANSIT stays or ends by the others). */
const OPEN_IN: Record<TransferKind, Status> = { COLLECTION: 'ISSUED', CARRIER_TO_CARRIER: 'TRANSIT', DELIVERY: 'TRANSIT' };
/** In the fixture's TRANSIT the carrier holds the cargo: it hands over; the subsequent carrier only receives. */
const CARRIER_SIDE_NOW: Record<TransferKind, readonly Role[]> = { COLLECTION: ['CARRIER'], CARRIER_TO_CARRIER: ['CARRIER'], DELIVERY: ['CARRIER'] };

/** No role, or a cancelled document: the document does not exist for the caller (contract §1, §4). */
function hidden(cell: Cell): boolean {
  return cell.role === null || cell.status === 'CANCELLED';
}

/** A document-scoped rule: 4.47 when hidden, else `rule` for the role held. */
function onDocument(rule: (role: Role, status: Status) => Expected) {
  return (cell: Cell): Expected => (hidden(cell) ? refused('4.47') : rule(cell.role!, cell.status));
}

/** Who may do it at all (else `withoutRight`), then what the status says. */
function rightThenState(holders: readonly Role[], state: (status: Status, role: Role) => Expected, withoutRight = '1.4') {
  return onDocument((role, status) => (holders.includes(role) ? state(status, role) : refused(withoutRight)));
}

export const RULES = {
  /** Contract §4: every role holder reads it. */
  read: onDocument(() => ok(200)),
  /** Spec §4 rule 1, contract §4: only the submitter, only while DRAFT (4.5); 205 Reset Content. */
  replace: rightThenState(UPDATE, (status) => (status === 'DRAFT' ? ok(205) : refused('4.5'))),
  /** Spec §3: DRAFT → ISSUED by the submitter; another status is the wrong status for it (spec §3 rule 1: 4.18). */
  issue: rightThenState(UPDATE, (status) => (status === 'DRAFT' ? ok(200) : refused('4.18'))),
  /** Spec §3: only a DRAFT can be cancelled (4.5), by the submitter. */
  cancel: rightThenState(UPDATE, (status) => (status === 'DRAFT' ? ok(200) : refused('4.5'))),
  /**
   * Contract §10: the submitter, DRAFT only. The contract names no code for another status; 4.5 ("freight document
   * not DRAFT") is the specification's code for exactly that.
   */
  addAttachment: rightThenState(UPDATE, (status) => (status === 'DRAFT' ? ok(201) : refused('4.5'))),
  /** Contract §5, §10: any holder reads an unsealed attachment; sealed content needs VIEW_SEALED_ATTACHMENT (1.4). */
  documentAttachment: (sealed: boolean) => onDocument((role) => (!sealed || VIEW_SEALED_ATTACHMENT.includes(role) ? ok(200) : refused('1.4'))),
  /**
   * Contract §10 `GET /attachment/{id}`: no document in the path, so an attachment the caller cannot reach is a
   * record that does not exist (4.1), for a missing id and a foreign one alike. Sealed content as above.
   */
  attachment: (sealed: boolean) => (cell: Cell) =>
    hidden(cell) ? refused('4.1') : !sealed || VIEW_SEALED_ATTACHMENT.includes(cell.role!) ? ok(200) : refused('1.4'),
  /**
   * Contract §4: every status but CANCELLED. The body sends the delivery estimate the document holds, and a field sent
   * with its current value is no change, so DELIVERED accepts it too (moving it then is 4.10: drop-in-gaps.test.ts).
   */
  estimatedTimes: rightThenState(ESTIMATES, () => ok(200)),
  /** Contract §4: the carrier side corrects quantities in ISSUED or TRANSIT; another status is 4.18 (spec §3 rule 1). */
  structuredGoods: rightThenState(CARRIERS, (status) => (status === 'ISSUED' || status === 'TRANSIT' ? ok(200) : refused('4.18'))),
  /** Spec §3 rule 6, §7: plates by the carrier side only (3.39 without the right), in ISSUED or TRANSIT only (3.47). */
  licensePlates: rightThenState(CARRIERS, (status) => (status === 'ISSUED' || status === 'TRANSIT' ? ok(200) : refused('3.47')), '3.39'),
  /** Contract §7, spec §3 rule 5: carrier or subsequent carrier, after ISSUED (4.18 before), within 14 days of delivery. */
  comment: rightThenState(CARRIERS, (status) => (status === 'DRAFT' ? refused('4.18') : ok(201))),
  /**
   * Contract §7 `updates`: the carrier side makes the implicit transfer the status allows (ISSUED → TRANSIT by the
   * carrier; TRANSIT → DELIVERED by the holder of the cargo, here the carrier). No such move in DRAFT or DELIVERED:
   * 4.29. A carrier-side role that is not the one to make the move now lacks the right for it (1.4).
   */
  statusUpdate: rightThenState(CARRIERS, (status, role) => {
    if (status !== 'ISSUED' && status !== 'TRANSIT') return refused('4.29');
    return role === 'CARRIER' ? ok(201) : refused('1.4');
  }),
  /**
   * Contract §7 `submitmyapproval` for `action`: a role that is never a party of that transfer lacks the right
   * (1.4); a transfer that cannot happen in this status is 4.18; a party role that is not a party of the open
   * transfer (the subsequent carrier while the carrier holds the cargo and delivers) lacks the right (1.4).
   */
  ownApproval: (action: TransferKind) =>
    onDocument((role, status) => {
      const carrierSide = CARRIER_SIDE_EVER[action].includes(role);
      if (!carrierSide && !COUNTER_PARTY_EVER[action].includes(role)) return refused('1.4');
      if (status !== OPEN_IN[action]) return refused('4.18');
      const partyNow = CARRIER_SIDE_NOW[action].includes(role) || COUNTER_PARTY_EVER[action].includes(role);
      return partyNow ? ok(201) : refused('1.4');
    }),
  /**
   * Contract §7 `submitcounterpartyapproval` for `action`: only a role that can be the carrier side of that
   * transfer may record its counter party's approval (1.4); not open now: 4.18; not its carrier side now: 1.4.
   */
  counterPartyApproval: (action: TransferKind) =>
    onDocument((role, status) => {
      if (!CARRIER_SIDE_EVER[action].includes(role)) return refused('1.4');
      if (status !== OPEN_IN[action]) return refused('4.18');
      return CARRIER_SIDE_NOW[action].includes(role) ? ok(201) : refused('1.4');
    }),
  /**
   * Contract §7 `handoverlinks` for `action`: refused exactly as `submitcounterpartyapproval` would refuse a
   * SIGN_ON_GLASS approval of it; where that approval could be recorded, 4.50, because the fixture's document lists
   * only OWN for every transfer (success is covered by handover-links.test.ts).
   */
  handoverLink: (action: TransferKind) =>
    onDocument((role, status) => {
      if (!CARRIER_SIDE_EVER[action].includes(role)) return refused('1.4');
      if (status !== OPEN_IN[action]) return refused('4.18');
      return CARRIER_SIDE_NOW[action].includes(role) ? refused('4.50') : refused('1.4');
    }),
  /** Contract §5, §11: every role has DELEGATE, in every status; the grantor removes its own delegation (204). */
  delegate: onDocument(() => ok(201)),
  revokeDelegation: onDocument(() => ok(204)),
  /** Contract §11: subscribing needs VIEW, which every role has; the caller's own subscription and its log. */
  subscribe: onDocument(() => ok(201)),
  listSubscriptions: onDocument(() => ok(200)),
  deliveries: onDocument(() => ok(200)),
  testEvent: onDocument(() => ok(202)),
  redeliver: onDocument(() => ok(202)),
  unsubscribe: onDocument(() => ok(204)),
  /**
   * Contract §14 instructions: any role holder may ask; ISSUED or TRANSIT only (4.18); only the holder of the right
   * of disposal (the consignor in the fixture, which does not give it to the consignee) may give one (4.61).
   */
  instruction: onDocument((role, status) => {
    if (status !== 'ISSUED' && status !== 'TRANSIT') return refused('4.18');
    return role === 'CONSIGNOR' ? ok(201) : refused('4.61');
  }),
  /**
   * Contract §14 answers, to an instruction id the document does not have: the carrier side only (1.4), in ISSUED
   * or TRANSIT (4.18), its carrier side now (the carrier: it holds the cargo in TRANSIT), then 4.1 for the id.
   */
  answerUnknownInstruction: rightThenState(CARRIERS, (status, role) => {
    if (status !== 'ISSUED' && status !== 'TRANSIT') return refused('4.18');
    return role === 'CARRIER' ? refused('4.1') : refused('1.4');
  }),
  /** Contract §14 impediments: a carrier role (1.4) holding the cargo while TRANSIT (4.64). */
  impediment: rightThenState(CARRIERS, (status, role) => (status === 'TRANSIT' && role === 'CARRIER' ? ok(201) : refused('4.64'))),
  /** Contract §14 cash on delivery: a carrier role (1.4); the fixture has no reimbursement, so never now (4.18). */
  cashOnDelivery: rightThenState(CARRIERS, () => refused('4.18')),
  /** Contract §14 receipt: every role holder, after the collection (4.18 before). */
  receipt: onDocument((_role, status) => (status === 'TRANSIT' || status === 'DELIVERED' ? ok(200) : refused('4.18'))),
  /**
   * Contract §14 replacement by paper: the submitter or a carrier role (else 1.4), ISSUED or TRANSIT (4.18), and of the
   * carriers only the carrier side holding the cargo (before the collection the carrier; in the fixture's TRANSIT the
   * carrier): the subsequent carrier, which never held it, 1.4.
   */
  replaceByPaper: rightThenState(['SUBMITTER', ...CARRIERS], (status, role) => {
    if (status !== 'ISSUED' && status !== 'TRANSIT') return refused('4.18');
    return role === 'SUBSEQUENT_CARRIER' ? refused('1.4') : ok(200);
  }),
  /** Contract §14 withdrawal of a comment the document does not have: every role holder learns it does not exist (4.1). */
  withdrawUnknownReservation: onDocument(() => refused('4.1')),
};
