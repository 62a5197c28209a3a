import { and, eq, ne } from 'drizzle-orm';
import type { Permission } from '@/lib/domain/permissions';
import { permissionsOf } from '@/lib/domain/permissions';
import type { Role } from '@/lib/schemas/freight-document';
import type { DbOrTx } from '@/server/db/client';
import { documentRoles, freightDocuments } from '@/server/db/schema';
import { fail } from '@/server/errors';

export type DocumentRow = typeof freightDocuments.$inferSelect;
export type RoleRow = typeof documentRoles.$inferSelect;

export interface LoadedDocument {
  document: DocumentRow;
  roles: RoleRow[];
  /** The roles the caller holds on this document. */
  callerRoles: RoleRow[];
}

/**
 * The document as the caller may see it. A missing id, a cancelled document and a document in which the
 * caller holds no role all answer 4.47 alike, so ids never leak (contract §1).
 */
export async function loadVisibleDocument(db: DbOrTx, accountId: string, documentId: string, options: { forUpdate?: boolean } = {}): Promise<LoadedDocument> {
  const query = db
    .select()
    .from(freightDocuments)
    .where(and(eq(freightDocuments.id, documentId), ne(freightDocuments.status, 'CANCELLED')));
  const [document] = options.forUpdate ? await query.for('update') : await query;
  if (!document) fail('4.47');
  const roles = await db.select().from(documentRoles).where(eq(documentRoles.documentId, documentId));
  const callerRoles = roles.filter((role) => role.accountId === accountId);
  if (callerRoles.length === 0) fail('4.47');
  return { document, roles, callerRoles };
}

export function callerHolds(loaded: LoadedDocument, ...roles: Role[]): boolean {
  return loaded.callerRoles.some((role) => roles.includes(role.role));
}

export function callerHasPermission(loaded: LoadedDocument, permission: Permission): boolean {
  return loaded.callerRoles.some((role) => permissionsOf(role.role).includes(permission));
}

/** The caller sees the document but lacks the role for this action: 1.4 (contract §1). */
export function requireRole(loaded: LoadedDocument, ...roles: Role[]) {
  if (!callerHolds(loaded, ...roles)) fail('1.4');
}
