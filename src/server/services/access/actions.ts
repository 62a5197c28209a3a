import { DOCUMENT_ACTIONS, type DocumentAction } from '@/lib/domain/document-actions';
import type { Permission } from '@/lib/domain/permissions';
import type { Role } from '@/lib/schemas/freight-document';
import type { ErrorCode } from '@/lib/errors/catalogue';
import type { freightDocuments } from '@/server/db/schema';
import type { HeldRole } from './held-roles';

type DocumentRow = typeof freightDocuments.$inferSelect;

/** What an action's rule may look at besides the caller's roles. */
export interface ActionState {
  document: DocumentRow;
  /** Whether the caller can pay for issuing now (services/freight-documents/credits.ts); unknown inside a verb. */
  canPayForIssue?: boolean;
}

interface ActionRule {
  /** Who may ever do it: a right of the roles the caller holds (directly or as a delegate). Else 1.4. */
  grantedBy: { permission: Permission } | { roles: readonly Role[] };
  /** When: the code that refuses it in the document's current state, or undefined when it is allowed. */
  refuse?: (state: ActionState) => ErrorCode | undefined;
  /** Whether to offer it at all (a correction needs something to correct); verbs report such cases per field. */
  offered?: (state: ActionState) => boolean;
}

const draftOnly = ({ document }: ActionState) => (document.status === 'DRAFT' ? undefined : '4.5');

/**
 * The one table of who may do what when (contract §4, §5, §7). Verbs ask `authorize` for their action;
 * `allowedActionsOf` lists the actions that pass both checks. Transfer actions get their rules with the
 * transfer endpoints.
 */
export const ACTION_RULES: Partial<Record<DocumentAction, ActionRule>> = {
  UPDATE: { grantedBy: { permission: 'UPDATE' }, refuse: draftOnly },
  ADD_ATTACHMENT: { grantedBy: { permission: 'UPDATE' }, refuse: draftOnly },
  CANCEL: { grantedBy: { permission: 'UPDATE' }, refuse: draftOnly },
  ISSUE: {
    grantedBy: { permission: 'UPDATE' },
    refuse: ({ document, canPayForIssue }) => (document.status !== 'DRAFT' ? '4.18' : canPayForIssue === false ? '4.41' : undefined),
  },
  EDIT_ESTIMATED_TIMES: { grantedBy: { roles: ['SUBMITTER', 'CARRIER', 'SUBSEQUENT_CARRIER'] } },
  CORRECT_STRUCTURED_GOODS: {
    grantedBy: { roles: ['CARRIER', 'SUBSEQUENT_CARRIER'] },
    refuse: ({ document }) => (document.status === 'ISSUED' || document.status === 'TRANSIT' ? undefined : '4.18'),
    offered: ({ document }) => Array.isArray(document.content.structuredGoods) && document.content.structuredGoods.length > 0,
  },
  DELEGATE: { grantedBy: { permission: 'DELEGATE' } },
  SUBSCRIBE: { grantedBy: { permission: 'VIEW' } },
};

/** The roles of the caller that give the right to `action`. */
export function grantingRoles(action: DocumentAction, held: HeldRole[]): HeldRole[] {
  const grantedBy = ACTION_RULES[action]?.grantedBy;
  if (!grantedBy) return [];
  return held.filter((role) => ('permission' in grantedBy ? role.permissions.includes(grantedBy.permission) : grantedBy.roles.includes(role.role)));
}

/** Why the caller may not do `action` now: 1.4 without the right, else the state's code; undefined if allowed. */
export function refusalOf(action: DocumentAction, held: HeldRole[], state: ActionState): ErrorCode | undefined {
  const rule = ACTION_RULES[action];
  if (!rule || grantingRoles(action, held).length === 0) return '1.4';
  return rule.refuse?.(state);
}

export function allowedActionsOf(held: HeldRole[], state: ActionState): DocumentAction[] {
  return DOCUMENT_ACTIONS.filter((action) => refusalOf(action, held, state) === undefined && (ACTION_RULES[action]!.offered?.(state) ?? true));
}
