import { eq } from 'drizzle-orm';
import type { DocumentAction } from '@/lib/domain/document-actions';
import type { Permission } from '@/lib/domain/permissions';
import type { DbOrTx } from '@/server/db/client';
import { freightDocuments } from '@/server/db/schema';
import { isId } from '@/server/crypto/tokens';
import { fail } from '@/server/errors';
import { grantingRoles, refusalDetailOf, type ActionRule, type ActionState } from '@/lib/domain/action-rules';
import { loadChangeState, loadDocumentState, type ChangeState, type DocumentFacts } from './load-state';
import { preferHolder, resolveHeldRoles, type HeldRole } from '../access/held-roles';
import type { ApprovalRow, DelegationRow, DocumentRow, RoleRow } from './rows';

export type { HeldRole };

export interface DocumentAccess {
  accountId: string;
  /** The roles the caller holds on this document, directly or as a delegate. Never empty for a loaded document. */
  held: HeldRole[];
  /** Active per-document delegations of this document (the caller's own ones become `ownDelegates`). */
  documentDelegations: DelegationRow[];
}

export interface LoadedDocument {
  document: DocumentRow;
  roles: RoleRow[];
  /** The approvals of its transfers (none before issue): who may approve what depends on them. */
  approvals: ApprovalRow[];
  access: DocumentAccess;
  /** What the serializer shows besides, read with the document; absent for a change (and once a change made it stale). */
  facts?: DocumentFacts;
  /** For a change (`forUpdate`): what the change frame needs besides, read instead of the facts (load-state.ts). */
  change?: Pick<ChangeState, 'files' | 'commitCount' | 'commentCount'>;
}

/**
 * The document as the caller may see it. A missing id, a cancelled document and a document in which the
 * caller holds no role all answer 4.47 alike, so ids never leak (contract §1). So does an id that cannot be one
 * (`%00`, a very long or non-UUID value): it never reaches the database.
 */
export async function loadAccessibleDocument(
  db: DbOrTx,
  accountId: string,
  documentId: string,
  options: { forUpdate?: boolean } = {},
): Promise<LoadedDocument> {
  if (!isId(documentId)) fail('4.47');
  // A change locks the row first, so that the state read next is the one the change applies to; it reads only what a
  // change needs (no comments, events or commits: their number is what contract §1 bounds).
  if (options.forUpdate) {
    await db.select({ id: freightDocuments.id }).from(freightDocuments).where(eq(freightDocuments.id, documentId)).for('update');
    const state = await loadChangeState(db, accountId, documentId);
    if (!state || state.document.status === 'CANCELLED') fail('4.47');
    const { document, roles, documentDelegations, sources, files, commitCount, commentCount } = state;
    const held = resolveHeldRoles({ accountId, roles, documentDelegations, sources });
    if (held.length === 0) fail('4.47');
    const approvals = document.status === 'DRAFT' ? [] : state.approvals;
    return { document, roles, approvals, access: { accountId, held, documentDelegations }, change: { files, commitCount, commentCount } };
  }
  const state = await loadDocumentState(db, accountId, documentId);
  if (!state || state.document.status === 'CANCELLED') fail('4.47');
  const { document, roles, documentDelegations, sources } = state;
  const held = resolveHeldRoles({ accountId, roles, documentDelegations, sources });
  if (held.length === 0) fail('4.47');
  const approvals = document.status === 'DRAFT' ? [] : state.approvals;
  return { document, roles, approvals, access: { accountId, held, documentDelegations }, facts: state.facts };
}

/** What a verb adds to the state the action table judges by; the time is the request's when it names one. */
export type ActionStateExtras = Omit<ActionState, 'document' | 'roles' | 'approvals' | 'now'> & { now?: Date };

/**
 * The state the action table (lib/domain/action-rules.ts, pure: the time is a parameter) judges a loaded document by.
 * A verb whose rule depends on the time passes its change's time; for the others the time of this call stands, as
 * the table read the clock itself before issue 33.
 */
export function actionStateOf(loaded: LoadedDocument, state: ActionStateExtras = {}): ActionState {
  return { document: loaded.document, roles: loaded.roles, approvals: loaded.approvals, ...state, now: state.now ?? new Date() };
}

/**
 * Throws the code that refuses `action` (an action of the table, or a rule of one kind of it) to the caller now (1.4 without the right, else the state's code);
 * otherwise returns the role it acts in, preferring one the caller is named in over a delegated one.
 */
export function authorize(loaded: LoadedDocument, action: DocumentAction | ActionRule, state: ActionStateExtras = {}): HeldRole {
  const refusal = refusalDetailOf(action, loaded.access.held, actionStateOf(loaded, state));
  if (refusal) fail(refusal.code, refusal.field);
  const granting = grantingRoles(action, loaded.access.held);
  return preferHolder(granting)!;
}

export function callerHasPermission(loaded: LoadedDocument, permission: Permission): boolean {
  return loaded.access.held.some((role) => role.permissions.includes(permission));
}
