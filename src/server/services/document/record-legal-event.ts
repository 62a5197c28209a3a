import { eq } from 'drizzle-orm';
import { pendingInstructionsOf } from '@/lib/domain/legal-events';
import type { Transaction } from '@/server/db/client';
import { documentLegalEvents } from '@/server/db/schema';
import { newId } from '@/server/crypto/tokens';
import { fail } from '@/server/errors';
import { onBehalfOf } from '../access/held-roles';
import type { HeldRole, LoadedDocument } from './load-document';
import { legalSituationOf } from '@/lib/domain/situations';
import type { LegalEventRow } from './rows';

/** The document's legal events and the rules' view of it, read inside the change's transaction. */
export async function loadLegalState(tx: Transaction, loaded: LoadedDocument) {
  const events = await tx.select().from(documentLegalEvents).where(eq(documentLegalEvents.documentId, loaded.document.id));
  return { events, situation: legalSituationOf(loaded.document, loaded.roles, loaded.approvals, pendingInstructionsOf(events)) };
}

/** Throws a refusal of the legal rules with its field. */
export function refuseIf(refusal: { code: Parameters<typeof fail>[0]; field?: string } | undefined) {
  if (refusal) fail(refusal.code, refusal.field);
}

/**
 * The one writer of §14's event rows (instructions, answers, impediments, cash on delivery, replacement): made in
 * `actingAs`, for the role's holder when a delegate acts; the commit writer gives it the change's commit.
 */
export async function recordLegalEventRow(
  tx: Transaction,
  loaded: LoadedDocument,
  input: {
    kind: LegalEventRow['kind'];
    actingAs: HeldRole;
    callerAccountId: string;
    body: Record<string, unknown>;
    instructionId?: string;
    attachmentIds?: string[];
  },
): Promise<string> {
  const roleRow = loaded.roles.find((role) => role.id === input.actingAs.roleId)!;
  const id = newId();
  await tx.insert(documentLegalEvents).values({
    id,
    documentId: loaded.document.id,
    kind: input.kind,
    instructionId: input.instructionId ?? null,
    role: input.actingAs.role,
    roleId: input.actingAs.roleId,
    accountId: onBehalfOf(input.actingAs, roleRow, input.callerAccountId),
    submittedByAccountId: input.callerAccountId,
    body: Object.fromEntries(Object.entries(input.body).filter(([, value]) => value !== undefined)),
    attachmentIds: input.attachmentIds ?? [],
  });
  return id;
}
