import type { DocumentStatus, Role } from '@/lib/schemas/freight-document';

/**
 * Cargo transfers (spec §3, contract §7) as pure rules: which hand-overs are possible now, who the two parties
 * of each are, what has been approved, and what completing one changes. The access table, the verbs and the
 * tablet all ask these functions, so they cannot disagree.
 */

export const TRANSFER_ACTIONS = ['COLLECTION', 'CARRIER_TO_CARRIER', 'DELIVERY'] as const;
export type TransferAction = (typeof TRANSFER_ACTIONS)[number];
export const APPROVAL_TYPES = ['OWN', 'TFA', 'SIGN_ON_GLASS', 'IMPLICIT'] as const;
export type ApprovalType = (typeof APPROVAL_TYPES)[number];
export type TransferSide = 'CARRIER' | 'COUNTER_PARTY';

/** The list of `availableSigningMethods` that governs each transfer. */
export const SIGNING_METHOD_LIST = { COLLECTION: 'collection', CARRIER_TO_CARRIER: 'carrierToCarrier', DELIVERY: 'delivery' } as const;

/** The roles that can take part in each transfer, on either side (the access table's `grantedBy`). */
export const TRANSFER_PARTY_ROLES: Record<TransferAction, readonly Role[]> = {
  COLLECTION: ['CARRIER', 'CONSIGNOR', 'PLACE_OF_TAKING_OVER'],
  CARRIER_TO_CARRIER: ['CARRIER', 'SUBSEQUENT_CARRIER'],
  DELIVERY: ['CARRIER', 'SUBSEQUENT_CARRIER', 'CONSIGNEE', 'PLACE_OF_DELIVERY'],
};
export const CARRIER_ROLES: readonly Role[] = ['CARRIER', 'SUBSEQUENT_CARRIER'];
/** Counter parties of collection and delivery; the first present one stands for an approval that names nobody. */
const COUNTER_PARTY_ROLES: Record<'COLLECTION' | 'DELIVERY', readonly Role[]> = {
  COLLECTION: ['PLACE_OF_TAKING_OVER', 'CONSIGNOR'],
  DELIVERY: ['PLACE_OF_DELIVERY', 'CONSIGNEE'],
};

export interface TransferRole {
  id: string;
  role: Role;
}

/** What an approval contributes to the state of its transfer. */
export interface ApprovalFact {
  action: TransferAction;
  side: TransferSide;
  /** The carrier-side role that hands over (null for the collection). */
  fromRoleId: string | null;
  /** The role that receives (the carrier at collection, a subsequent carrier between carriers; null at delivery). */
  toRoleId: string | null;
  declined: boolean;
}

export interface TransferSituation {
  status: DocumentStatus;
  roles: readonly TransferRole[];
  /** The carrier-side roles that held the cargo, in order (contract §7 custody); the last one holds it in TRANSIT. */
  custody: readonly string[];
  approvals: readonly ApprovalFact[];
  signingMethods: Partial<Record<(typeof SIGNING_METHOD_LIST)[TransferAction], readonly string[]>>;
}

/** One hand-over and its two parties. */
export interface Transfer {
  action: TransferAction;
  fromRoleId: string | null;
  toRoleId: string | null;
  /** The roles that approve on the carrier side: the carrier at collection, else the holder of the cargo. */
  carrierSide: string[];
  /** The roles that approve as counter party. */
  counterParty: string[];
}

export type Refusal = { code: '1.4' | '3.1' | '4.1' | '4.18' | '4.50'; field?: string };

/** The role holding the cargo now: the last of the custody chain while in TRANSIT, else nobody. */
export function cargoHolder(situation: Pick<TransferSituation, 'status' | 'custody'>): string | null {
  return situation.status === 'TRANSIT' ? (situation.custody.at(-1) ?? null) : null;
}

/** Subsequent carriers that have not held the cargo yet: the possible receivers of a carrier-to-carrier transfer. */
export function pendingReceivers(situation: TransferSituation): TransferRole[] {
  return situation.roles.filter((role) => role.role === 'SUBSEQUENT_CARRIER' && !situation.custody.includes(role.id));
}

const idsOf = (roles: readonly TransferRole[], names: readonly Role[]) => roles.filter((role) => names.includes(role.role)).map((role) => role.id);

function collection(situation: TransferSituation): Transfer {
  const carrier = idsOf(situation.roles, ['CARRIER']);
  return {
    action: 'COLLECTION',
    fromRoleId: null,
    toRoleId: carrier[0] ?? null,
    carrierSide: carrier,
    counterParty: idsOf(situation.roles, COUNTER_PARTY_ROLES.COLLECTION),
  };
}

function fromHolder(situation: TransferSituation, action: 'CARRIER_TO_CARRIER' | 'DELIVERY', toRoleId: string | null): Transfer {
  const holder = cargoHolder(situation);
  return {
    action,
    fromRoleId: holder,
    toRoleId,
    carrierSide: holder ? [holder] : [],
    counterParty: toRoleId ? [toRoleId] : idsOf(situation.roles, COUNTER_PARTY_ROLES.DELIVERY),
  };
}

/** The transfers of `action` that can happen now (several between carriers: one per pending receiver). */
export function openTransfers(situation: TransferSituation, action?: TransferAction): Transfer[] {
  const all: Transfer[] = [];
  if (situation.status === 'ISSUED') all.push(collection(situation));
  if (situation.status === 'TRANSIT') {
    for (const receiver of pendingReceivers(situation)) all.push(fromHolder(situation, 'CARRIER_TO_CARRIER', receiver.id));
    all.push(fromHolder(situation, 'DELIVERY', null));
  }
  return action ? all.filter((transfer) => transfer.action === action) : all;
}

/**
 * The one transfer a request means (contract §7): between carriers, the receiving subsequent carrier is named
 * by `counterPartyRoleId` when more than one has yet to receive the cargo (missing: 3.1; not a role of this
 * document: 4.1; a role that cannot receive: 4.50). A transfer that cannot happen in this status is 4.18.
 */
export function resolveTransfer(situation: TransferSituation, action: TransferAction, counterPartyRoleId?: string): Transfer | Refusal {
  const open = openTransfers(situation, action);
  if (open.length === 0) return { code: '4.18' };
  if (action !== 'CARRIER_TO_CARRIER') return open[0]!;
  const field = 'counterPartyRoleId';
  if (counterPartyRoleId === undefined) return open.length === 1 ? open[0]! : { code: '3.1', field };
  if (!situation.roles.some((role) => role.id === counterPartyRoleId)) return { code: '4.1', field };
  return open.find((transfer) => transfer.toRoleId === counterPartyRoleId) ?? { code: '4.50', field };
}

export function isRefusal(value: Transfer | Refusal): value is Refusal {
  return 'code' in value;
}

const sameTransfer = (fact: ApprovalFact, transfer: Transfer) =>
  fact.action === transfer.action && fact.fromRoleId === transfer.fromRoleId && fact.toRoleId === transfer.toRoleId;

/** Whether `side` has approved `transfer` (a decline approves nothing). */
export function hasApproved(situation: TransferSituation, transfer: Transfer, side: TransferSide): boolean {
  return situation.approvals.some((fact) => sameTransfer(fact, transfer) && fact.side === side && !fact.declined);
}

export function sideOf(transfer: Transfer, roleId: string): TransferSide | undefined {
  if (transfer.carrierSide.includes(roleId)) return 'CARRIER';
  if (transfer.counterParty.includes(roleId)) return 'COUNTER_PARTY';
  return undefined;
}

export function signingMethodsOf(situation: TransferSituation, action: TransferAction): readonly string[] {
  return situation.signingMethods[SIGNING_METHOD_LIST[action]] ?? [];
}

/**
 * Why the holder of `roleId` may not approve (or decline) `transfer` on its own account (submitmyapproval):
 * not a party of it (1.4), a counter party where the document does not allow OWN (4.50), or its side has
 * approved already (4.18). Undefined when it may.
 */
export function ownApprovalRefusal(situation: TransferSituation, transfer: Transfer, roleId: string): Refusal | undefined {
  const side = sideOf(transfer, roleId);
  if (!side) return { code: '1.4' };
  if (side === 'COUNTER_PARTY' && !signingMethodsOf(situation, transfer.action).includes('OWN')) return { code: '4.50', field: 'ownRole' };
  if (hasApproved(situation, transfer, side)) return { code: '4.18' };
  return undefined;
}

/**
 * Why the holder of one of `roleIds` may not record the counter party's approval of `transfer` from its device
 * (submitcounterpartyapproval): not its carrier side (1.4), or the counter party has approved already (4.18).
 */
export function counterPartyRecordRefusal(situation: TransferSituation, transfer: Transfer, roleIds: readonly string[]): Refusal | undefined {
  if (!roleIds.some((roleId) => transfer.carrierSide.includes(roleId))) return { code: '1.4' };
  if (hasApproved(situation, transfer, 'COUNTER_PARTY')) return { code: '4.18' };
  return undefined;
}

/** The most telling of several refusals: a reason about the state or the document beats "not a party". */
export function firstRefusal(refusals: readonly (Refusal | undefined)[]): Refusal | undefined {
  if (refusals.some((refusal) => refusal === undefined)) return undefined;
  return refusals.find((refusal) => refusal!.code !== '1.4') ?? refusals[0];
}

/** The counter-party role an approval without an account (sign-on-glass, implicit) is recorded for. */
export function defaultCounterPartyRole(situation: TransferSituation, transfer: Transfer): TransferRole | undefined {
  const candidates = situation.roles.filter((role) => transfer.counterParty.includes(role.id));
  if (transfer.action === 'CARRIER_TO_CARRIER') return candidates[0];
  return COUNTER_PARTY_ROLES[transfer.action].map((name) => candidates.find((role) => role.role === name)).find(Boolean);
}

/** What completing `transfer` changes: the status for collection and delivery, the custody chain for both ends. */
export function completionOf(situation: TransferSituation, transfer: Transfer): { status: DocumentStatus; custody: string[] } {
  switch (transfer.action) {
    case 'COLLECTION':
      return { status: 'TRANSIT', custody: transfer.toRoleId ? [transfer.toRoleId] : [] };
    case 'CARRIER_TO_CARRIER':
      return { status: 'TRANSIT', custody: [...situation.custody, transfer.toRoleId!] };
    case 'DELIVERY':
      return { status: 'DELIVERED', custody: [...situation.custody] };
  }
}

/**
 * The status update a carrier may make without a counter party (contract §7 `updates`, an implicit transfer):
 * the carrier at ISSUED → TRANSIT, the holder of the cargo at TRANSIT → DELIVERED. Returns the carrier-side
 * roles that may make it and what it changes, or undefined when no such move exists in this status.
 */
export function explicitMove(situation: TransferSituation): { to: DocumentStatus; by: string[]; custody: string[] } | undefined {
  if (situation.status === 'ISSUED') {
    const carrier = idsOf(situation.roles, ['CARRIER']);
    return { to: 'TRANSIT', by: carrier, custody: carrier.slice(0, 1) };
  }
  if (situation.status === 'TRANSIT') {
    const holder = cargoHolder(situation);
    return { to: 'DELIVERED', by: holder ? [holder] : [], custody: [...situation.custody] };
  }
  return undefined;
}

/** Comments may be added until 14 days after delivery (spec §3 rule 5, 4.12). */
export const COMMENT_PERIOD_MS = 14 * 24 * 60 * 60 * 1000;

export function commentPeriodOver(deliveredAt: Date | null | undefined, now: Date): boolean {
  return !!deliveredAt && now.getTime() > deliveredAt.getTime() + COMMENT_PERIOD_MS;
}

/** A transfer's secrets (contract §8) and the part of them a caller sees. */
export interface TransferSecrets {
  s1: string;
  s2: string;
  s3: string;
}
export type VisibleSecrets = { s1?: string; s2: string; s3: string };

/**
 * Who sees which secrets (contract §8): the carrier side of a transfer s1, s2 and s3, its counter party s2 and
 * s3, nobody else any. The carrier side of a later hand-over is whoever holds the cargo (before the
 * collection: the carrier, who will); between carriers the counter party is the receiving subsequent carrier.
 */
export function visibleSecrets(
  situation: TransferSituation,
  secrets: { collection?: TransferSecrets; delivery?: TransferSecrets; carrierToCarrier: ReadonlyMap<string, TransferSecrets> },
  heldRoleIds: ReadonlySet<string>,
) {
  const carrierRoleId = idsOf(situation.roles, ['CARRIER'])[0];
  const handingOver = situation.custody.at(-1) ?? carrierRoleId;
  const show = (value: TransferSecrets | undefined, carrierSide: (string | undefined)[], counterParty: string[]): VisibleSecrets | undefined => {
    if (!value) return undefined;
    if (carrierSide.some((roleId) => roleId !== undefined && heldRoleIds.has(roleId))) return { ...value };
    if (counterParty.some((roleId) => heldRoleIds.has(roleId))) return { s2: value.s2, s3: value.s3 };
    return undefined;
  };
  const carrierToCarrier = [...secrets.carrierToCarrier.entries()]
    .map(([roleId, value]) => {
      const received = situation.custody.includes(roleId);
      const shown = show(value, received ? [] : [handingOver], [roleId]);
      return shown ? { roleId, ...shown } : undefined;
    })
    .filter((entry): entry is { roleId: string } & VisibleSecrets => entry !== undefined);
  return {
    collectionSecrets: show(secrets.collection, [carrierRoleId], idsOf(situation.roles, COUNTER_PARTY_ROLES.COLLECTION)),
    deliverySecrets: show(secrets.delivery, [handingOver], idsOf(situation.roles, COUNTER_PARTY_ROLES.DELIVERY)),
    carrierToCarrierSecrets: carrierToCarrier,
  };
}
