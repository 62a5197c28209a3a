import { and, eq, isNull } from 'drizzle-orm';
import type { DocumentAction } from '@/lib/domain/document-actions';
import type { Permission } from '@/lib/domain/permissions';
import type { DbOrTx } from '@/server/db/client';
import { delegations, documentRoles, freightDocuments } from '@/server/db/schema';
import { fail } from '@/server/errors';
import { grantingRoles, refusalOf, type ActionState } from './actions';
import { loadDelegationSources } from './delegation-sources';
import { resolveHeldRoles, type DelegationRow, type HeldRole, type RoleRow } from './held-roles';

export type DocumentRow = typeof freightDocuments.$inferSelect;
export type { RoleRow, HeldRole };

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
  access: DocumentAccess;
}

/**
 * The document as the caller may see it. A missing id, a cancelled document and a document in which the
 * caller holds no role all answer 4.47 alike, so ids never leak (contract §1).
 */
export async function loadAccessibleDocument(
  db: DbOrTx,
  accountId: string,
  documentId: string,
  options: { forUpdate?: boolean } = {},
): Promise<LoadedDocument> {
  const query = db.select().from(freightDocuments).where(eq(freightDocuments.id, documentId));
  const [document] = options.forUpdate ? await query.for('update') : await query;
  if (!document || document.status === 'CANCELLED') fail('4.47');
  const [roles, documentDelegations, sources] = await Promise.all([
    db.select().from(documentRoles).where(eq(documentRoles.documentId, documentId)),
    db
      .select()
      .from(delegations)
      .where(and(eq(delegations.documentId, documentId), isNull(delegations.revokedAt))),
    loadDelegationSources(db, accountId),
  ]);
  const held = resolveHeldRoles({ accountId, roles, documentDelegations, sources });
  if (held.length === 0) fail('4.47');
  return { document, roles, access: { accountId, held, documentDelegations } };
}

/**
 * Throws the code that refuses `action` to the caller now (1.4 without the right, else the state's code);
 * otherwise returns the role it acts in, preferring one the caller is named in over a delegated one.
 */
export function authorize(loaded: LoadedDocument, action: DocumentAction, state: Omit<ActionState, 'document'> = {}): HeldRole {
  const code = refusalOf(action, loaded.access.held, { document: loaded.document, ...state });
  if (code) fail(code);
  const granting = grantingRoles(action, loaded.access.held);
  return granting.find((role) => role.via === 'HOLDER') ?? granting[0]!;
}

export function callerHasPermission(loaded: LoadedDocument, permission: Permission): boolean {
  return loaded.access.held.some((role) => role.permissions.includes(permission));
}
