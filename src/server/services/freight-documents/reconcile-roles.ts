import { eq } from 'drizzle-orm';
import { ROLE_SLOTS, SINGLE_ROLES } from '@/lib/domain/permissions';
import type { FreightDocumentInput, PartyInput } from '@/lib/schemas/freight-document';
import type { DbOrTx } from '@/server/db/client';
import { documentRoles } from '@/server/db/schema';
import { errorItem, ServiceError, type ErrorItem } from '@/server/errors';

import { resolveParties, roleRowOf, storedParty, type PartySlot } from './parties';
import type { RoleRow } from '../document/rows';

function holderChanged(existing: RoleRow, party: PartyInput): boolean {
  const stored = existing.party as { submittedAccountNumber?: string; submittedAccountEmailAddress?: string };
  if (party.submittedAccountNumber) return party.submittedAccountNumber !== stored.submittedAccountNumber;
  if (party.submittedAccountEmailAddress) {
    return party.submittedAccountEmailAddress.toLowerCase() !== (stored.submittedAccountEmailAddress ?? '').toLowerCase();
  }
  return false;
}

/**
 * Applies the parties of a PUT body to the roles of a DRAFT (spec §2.4): a role once set keeps its roleId
 * and holder (4.8) and cannot be removed (4.33); the place of taking over keeps its country (3.44); new
 * roles may be added. Party details (address, contact) follow the body. Returns the roles added.
 */
export async function reconcileRoles(db: DbOrTx, documentId: string, existing: RoleRow[], body: FreightDocumentInput, now: Date): Promise<RoleRow[]> {
  const errors: ErrorItem[] = [];
  const updates: { row: RoleRow; party: PartyInput }[] = [];
  const additions: PartySlot[] = [];

  const match = (row: RoleRow | undefined, party: PartyInput | undefined, field: string, slot: PartySlot | undefined) => {
    if (row && !party) return errors.push(errorItem('4.33', field));
    if (!party) return;
    if (!row) {
      if (party.roleId) return errors.push(errorItem('4.8', `${field}.roleId`));
      return additions.push(slot!);
    }
    if (party.roleId && party.roleId !== row.id) return errors.push(errorItem('4.8', `${field}.roleId`));
    if (holderChanged(row, party)) return errors.push(errorItem('4.8', field));
    const storedCountry = (row.party as { countryCode?: string }).countryCode;
    if (row.role === 'PLACE_OF_TAKING_OVER' && storedCountry && party.countryCode !== storedCountry) {
      return errors.push(errorItem('3.44', `${field}.countryCode`));
    }
    updates.push({ row, party });
  };

  for (const role of SINGLE_ROLES) {
    const field = ROLE_SLOTS[role];
    const party = body[field];
    match(
      existing.find((row) => row.role === role),
      party,
      field,
      party ? { role, party, position: 0, field } : undefined,
    );
  }
  const carriers = existing.filter((row) => row.role === 'SUBSEQUENT_CARRIER');
  const bodyCarriers = body.subsequentCarriers ?? [];
  bodyCarriers.forEach((party, index) => {
    const field = `subsequentCarriers[${index}]`;
    const row = party.roleId ? carriers.find((candidate) => candidate.id === party.roleId) : undefined;
    if (party.roleId && !row) return errors.push(errorItem('4.8', `${field}.roleId`));
    match(row, party, field, { role: 'SUBSEQUENT_CARRIER', party, position: index, field });
  });
  for (const row of carriers) {
    if (!bodyCarriers.some((party) => party.roleId === row.id)) errors.push(errorItem('4.33', 'subsequentCarriers'));
  }

  const { resolved, errors: holderErrors } = await resolveParties(db, additions);
  errors.push(...holderErrors);
  if (errors.length > 0) throw new ServiceError(errors);

  for (const { row, party } of updates) {
    const position = row.role === 'SUBSEQUENT_CARRIER' ? bodyCarriers.findIndex((candidate) => candidate.roleId === row.id) : row.position;
    const holderFields = row.party as { submittedAccountNumber?: string; submittedAccountEmailAddress?: string };
    await db
      .update(documentRoles)
      .set({
        party: {
          ...storedParty(party),
          ...(holderFields.submittedAccountNumber ? { submittedAccountNumber: holderFields.submittedAccountNumber } : {}),
          ...(holderFields.submittedAccountEmailAddress ? { submittedAccountEmailAddress: holderFields.submittedAccountEmailAddress } : {}),
        },
        position,
      })
      .where(eq(documentRoles.id, row.id));
  }
  const added = resolved.map((party) => roleRowOf(documentId, party, now));
  if (added.length > 0) await db.insert(documentRoles).values(added);
  return added;
}
