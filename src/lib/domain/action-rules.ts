import { DOCUMENT_ACTIONS, type DocumentAction } from './document-actions';
import {
  answerRefusal,
  cashOnDeliveryRefusal,
  impedimentRefusal,
  instructionRefusal,
  mayReserve,
  replacementRefusal,
  RESERVING_ROLES,
  REPLACING_ROLES,
  type HeldRoleView,
} from './legal-events';
import type { Permission } from './permissions';
import {
  CARRIER_ROLES,
  commentPeriodOver,
  counterPartyRecordRefusal,
  explicitMove,
  firstRefusal,
  openTransfers,
  ownApprovalRefusal,
  signingMethodsOf,
  TRANSFER_ACTIONS,
  TRANSFER_PARTY_ROLES,
  type ApprovalFact,
  type TransferAction,
  type TransferSituation,
} from './transfers';
import type { Role } from '@/lib/schemas/freight-document';
import type { ErrorCode } from '@/lib/errors/catalogue';
import { legalSituationOf, situationOf, type SituationDocument, type SituationRole } from './situations';

/**
 * The one table of who may do what when (contract §4, §5, §7), pure (issue 33): the server's verbs and serializer ask
 * it through services/document/load-document.ts, and the tablet can ask it on its own copy of a document.
 */

/** A role the caller holds, as the rules see it (services/access/held-roles.ts's HeldRole is one). */
export interface HeldRoleGrant extends HeldRoleView {
  /** The default rights of the role (contract §5). */
  permissions: readonly Permission[];
}

/** The action that approves a transfer of each kind on one's own account (OWN; the counter party's or the carrier's). */
export const APPROVE_ACTION: Record<TransferAction, DocumentAction> = {
  COLLECTION: 'APPROVE_COLLECTION',
  CARRIER_TO_CARRIER: 'APPROVE_CARRIER_TO_CARRIER',
  DELIVERY: 'APPROVE_DELIVERY',
};

/** What an action's rule may look at besides the caller's roles. */
export interface ActionState {
  document: SituationDocument;
  /** The document's roles and the approvals of its transfers: the transfer rules need them. */
  roles?: readonly SituationRole[];
  approvals?: readonly ApprovalFact[];
  /** The time of the request (the comment period ends 14 days after delivery): a parameter, never the clock read here. */
  now: Date;
  /** How many instructions wait for the carrier side's answer (contract §14); unknown in lists. */
  pendingInstructions?: number;
  /** Whether the caller can pay for issuing now (services/document/credits.ts); unknown inside a verb. */
  canPayForIssue?: boolean;
}

/** A refusal, with the field it concerns where there is one. */
export type ActionRefusal = { code: ErrorCode; field?: string };

export interface ActionRule {
  /** Who may ever do it: a right of the roles the caller holds (directly or as a delegate). */
  grantedBy: { permission: Permission } | { roles: readonly Role[] };
  /** The code for a caller without that right: 1.4 unless the specification names another (3.39). */
  withoutRight?: ErrorCode;
  /** When: the code that refuses it now (in this state, to these roles), or undefined when it is allowed. */
  refuse?: (state: ActionState, held: readonly HeldRoleGrant[]) => ErrorCode | ActionRefusal | undefined;
  /** Whether to offer it at all (a correction needs something to correct); verbs report such cases per field. */
  offered?: (state: ActionState) => boolean;
}

const draftOnly = ({ document }: ActionState) => (document.status === 'DRAFT' ? undefined : '4.5');
const situation = (state: ActionState): TransferSituation => situationOf(state.document, state.roles ?? [], state.approvals ?? []);
const legal = (state: ActionState) => legalSituationOf(state.document, state.roles ?? [], state.approvals ?? [], state.pendingInstructions ?? 0);
const roleIdsOf = (held: readonly HeldRoleGrant[], names: readonly Role[]) => held.filter((role) => names.includes(role.role)).map((role) => role.roleId);

/** Own approval (or decline) of a transfer of `action`: allowed when some role the caller holds may give one now. */
const approve = (action: TransferAction): ActionRule => ({
  grantedBy: { roles: TRANSFER_PARTY_ROLES[action] },
  refuse: (state, held) => {
    const now = situation(state);
    const transfers = openTransfers(now, action);
    if (transfers.length === 0) return '4.18';
    const roleIds = roleIdsOf(held, TRANSFER_PARTY_ROLES[action]);
    return firstRefusal(transfers.flatMap((transfer) => roleIds.map((roleId) => ownApprovalRefusal(now, transfer, roleId))));
  },
});

/** Who can ever be the carrier side of a transfer (contract §7): the carrier collects; either carrier hands over later. */
const CARRIER_SIDE_ROLES: Record<TransferAction, readonly Role[]> = { COLLECTION: ['CARRIER'], CARRIER_TO_CARRIER: CARRIER_ROLES, DELIVERY: CARRIER_ROLES };

/**
 * Recording the counter party's approval of a transfer of `action` (submitcounterpartyapproval), judged like an own
 * approval of it: a role that is never its carrier side lacks the right (1.4); a transfer of that kind that cannot
 * happen in this status is 4.18; a carrier-side role that does not hand over now is 1.4 again.
 */
export function recordCounterParty(action: TransferAction): ActionRule {
  return {
    grantedBy: { roles: CARRIER_SIDE_ROLES[action] },
    refuse: (state, held) => {
      const now = situation(state);
      const transfers = openTransfers(now, action);
      if (transfers.length === 0) return '4.18';
      const roleIds = roleIdsOf(held, CARRIER_SIDE_ROLES[action]);
      return firstRefusal(transfers.map((transfer) => counterPartyRecordRefusal(now, transfer, roleIds)));
    },
  };
}

/**
 * A one-time hand-over link for a transfer of `action` (contract §7): allowed when the caller could record the
 * counter party's approval of it now with SIGN_ON_GLASS evidence, so refused as recordCounterParty refuses, and
 * with 4.50 when the document does not list sign-on-glass for that transfer.
 */
export function createHandoverLink(action: TransferAction): ActionRule {
  const record = recordCounterParty(action);
  return {
    grantedBy: record.grantedBy,
    refuse: (state, held) =>
      record.refuse!(state, held) ?? (signingMethodsOf(situation(state), action).includes('SIGN_ON_GLASS') ? undefined : { code: '4.50', field: 'action' }),
  };
}

/** The first refusal of a rule per transfer kind that is not "lacks the right", or undefined when one kind allows it. */
function anyTransfer(ruleFor: (action: TransferAction) => ActionRule) {
  return (state: ActionState, held: readonly HeldRoleGrant[]) => {
    const refusals = TRANSFER_ACTIONS.map((action) => refusalByRule(ruleFor(action), held, state));
    if (refusals.some((refusal) => refusal === undefined)) return undefined;
    return refusals.find((refusal) => refusal!.code !== '1.4') ?? refusals[0];
  };
}

/**
 * The one table of who may do what when (contract §4, §5, §7). Verbs ask `authorize` for their action;
 * `allowedActionsOf` lists the actions that pass both checks, so a client sees exactly what the verbs accept.
 */
export const ACTION_RULES: Record<DocumentAction, ActionRule> = {
  UPDATE: { grantedBy: { permission: 'UPDATE' }, refuse: draftOnly },
  ISSUE: {
    grantedBy: { permission: 'UPDATE' },
    refuse: ({ document, canPayForIssue }) => (document.status !== 'DRAFT' ? '4.18' : canPayForIssue === false ? '4.41' : undefined),
  },
  CANCEL: { grantedBy: { permission: 'UPDATE' }, refuse: draftOnly },
  ADD_ATTACHMENT: { grantedBy: { permission: 'UPDATE' }, refuse: draftOnly },
  EDIT_ESTIMATED_TIMES: { grantedBy: { roles: ['SUBMITTER', 'CARRIER', 'SUBSEQUENT_CARRIER'] } },
  CORRECT_STRUCTURED_GOODS: {
    grantedBy: { roles: CARRIER_ROLES },
    refuse: ({ document }) => (document.status === 'ISSUED' || document.status === 'TRANSIT' ? undefined : '4.18'),
    offered: ({ document }) => Array.isArray(document.content.structuredGoods) && document.content.structuredGoods.length > 0,
  },
  APPROVE_COLLECTION: approve('COLLECTION'),
  APPROVE_CARRIER_TO_CARRIER: approve('CARRIER_TO_CARRIER'),
  APPROVE_DELIVERY: approve('DELIVERY'),
  // The carrier side records its counter party's approval (TFA, signature, implicit) from its own device: of any
  // transfer open now (the verb asks recordCounterParty for the one it records).
  RECORD_COUNTERPARTY_APPROVAL: {
    grantedBy: { roles: CARRIER_ROLES },
    refuse: anyTransfer(recordCounterParty),
  },
  // An implicit transfer by the carrier side: ISSUED → TRANSIT by the carrier, TRANSIT → DELIVERED by the holder.
  UPDATE_STATUS: {
    grantedBy: { roles: CARRIER_ROLES },
    refuse: (state, held) => {
      const move = explicitMove(situation(state));
      if (!move) return { code: '4.29', field: 'newFreightDocumentStatus' };
      return roleIdsOf(held, CARRIER_ROLES).some((roleId) => move.by.includes(roleId)) ? undefined : '1.4';
    },
  },
  // Carrier side only, from issue until 14 days after delivery (spec §3 rule 5).
  COMMENT: {
    grantedBy: { roles: CARRIER_ROLES },
    refuse: ({ document, now }) => {
      if (document.status === 'DRAFT') return '4.18';
      return commentPeriodOver(document.deliveredAt, now) ? '4.12' : undefined;
    },
  },
  EDIT_LICENSE_PLATES: {
    grantedBy: { roles: CARRIER_ROLES },
    withoutRight: '3.39',
    refuse: ({ document }) => (document.status === 'ISSUED' || document.status === 'TRANSIT' ? undefined : '3.47'),
  },
  DELEGATE: { grantedBy: { permission: 'DELEGATE' } },
  SUBSCRIBE: { grantedBy: { permission: 'VIEW' } },
  // A link for the counter party's own phone: for a transfer open now that lists sign-on-glass (the delivery).
  CREATE_HANDOVER_LINK: { grantedBy: { roles: CARRIER_ROLES }, refuse: anyTransfer(createHandoverLink) },
  // Contract §14: each judged by its pure rule in lib/domain/legal-events.ts.
  RESERVE: { grantedBy: { roles: RESERVING_ROLES }, refuse: (state, held) => mayReserve(legal(state), held) },
  // Any role holder may ask; one without the right of disposal is told so (4.61), not 1.4.
  GIVE_INSTRUCTION: { grantedBy: { permission: 'VIEW' }, refuse: (state, held) => instructionRefusal(legal(state), held) },
  ANSWER_INSTRUCTION: {
    grantedBy: { roles: CARRIER_ROLES },
    refuse: (state, held) => answerRefusal(legal(state), held),
    offered: (state) => (state.pendingInstructions ?? 0) > 0,
  },
  REPORT_IMPEDIMENT: { grantedBy: { roles: CARRIER_ROLES }, refuse: (state, held) => impedimentRefusal(legal(state), held) },
  RECORD_CASH_ON_DELIVERY: { grantedBy: { roles: CARRIER_ROLES }, refuse: (state, held) => cashOnDeliveryRefusal(legal(state), held) },
  REPLACE_BY_PAPER: { grantedBy: { roles: REPLACING_ROLES }, refuse: (state, held) => replacementRefusal(legal(state), held) },
};

/** What a note replaced by paper still allows (contract §14: every change is 4.63): nothing that changes it. */
const UNCHANGING_ACTIONS: readonly DocumentAction[] = ['DELEGATE', 'SUBSCRIBE'];

const ruleOf = (action: DocumentAction | ActionRule): ActionRule => (typeof action === 'string' ? ACTION_RULES[action] : action);

/** The roles of the caller that give the right to `action` (an action of the table, or a rule such as recordCounterParty's). */
export function grantingRoles<T extends HeldRoleGrant>(action: DocumentAction | ActionRule, held: readonly T[]): T[] {
  const { grantedBy } = ruleOf(action);
  return held.filter((role) => ('permission' in grantedBy ? role.permissions.includes(grantedBy.permission) : grantedBy.roles.includes(role.role)));
}

function refusalByRule(rule: ActionRule, held: readonly HeldRoleGrant[], state: ActionState): ActionRefusal | undefined {
  if (grantingRoles(rule, held).length === 0) return { code: rule.withoutRight ?? '1.4' };
  const refusal = rule.refuse?.(state, held);
  return typeof refusal === 'string' ? { code: refusal } : refusal;
}

/** Why the caller may not do `action` now, with its field: the missing right, else the state's code; undefined if allowed. */
export function refusalDetailOf(action: DocumentAction | ActionRule, held: readonly HeldRoleGrant[], state: ActionState): ActionRefusal | undefined {
  return refusalByRule(ruleOf(action), held, state);
}

/** Why the caller may not do `action` now: 1.4 (or the action's own code) without the right, else the state's code. */
export function refusalOf(action: DocumentAction, held: readonly HeldRoleGrant[], state: ActionState): ErrorCode | undefined {
  return refusalDetailOf(action, held, state)?.code;
}

export function allowedActionsOf(held: readonly HeldRoleGrant[], state: ActionState): DocumentAction[] {
  const actions = state.document.replacedByPaper ? UNCHANGING_ACTIONS : DOCUMENT_ACTIONS;
  return actions.filter((action) => refusalOf(action, held, state) === undefined && (ACTION_RULES[action].offered?.(state) ?? true));
}
