import { goodsSummary } from '@/lib/domain/goods-summary';
import { deliveryDestination, hasPendingInstruction } from '@/lib/domain/delivery-destination';
import { myOpenTransfers, placeRolesOf, type MyTransfer } from '@/lib/domain/tablet-transfers';
import type { MyTransferItem } from '@/lib/schemas/tablet';
import type { HeldRole } from '../document/load-document';
import { situationOf } from '@/lib/domain/situations';
import type { ApprovalRow, DocumentRow, RoleRow } from '../document/rows';

const textOf = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** Where the cargo changes hands, from the party of the transfer's place role. */
function placeOf(mine: MyTransfer, roles: readonly RoleRow[], instructions: Instructions | undefined): MyTransferItem['place'] {
  // After an accepted change of consignee the delivery goes to the new consignee (issue 31 item 7).
  const toConsignee =
    mine.transfer.action === 'DELIVERY' &&
    deliveryDestination(
      instructions,
      roles.some((role) => role.role === 'PLACE_OF_DELIVERY' && textOf(role.party.name)),
    ) === 'CONSIGNEE';
  const candidates =
    mine.transfer.action === 'CARRIER_TO_CARRIER'
      ? roles.filter((role) => role.id === mine.transfer.toRoleId)
      : toConsignee
        ? roles.filter((role) => role.role === 'CONSIGNEE')
        : placeRolesOf(mine.transfer).flatMap((name) => roles.filter((role) => role.role === name));
  const party = candidates[0]?.party;
  if (!party) return null;
  return { name: textOf(party.name), cityName: textOf(party.cityName), countryCode: textOf(party.countryCode) };
}

/** When the hand-over is expected: the estimated time, else the agreed one (delivery's agreed time lives in the content). */
function dueAtOf(mine: MyTransfer, document: DocumentRow): string | null {
  const iso = (value: Date | null) => (value ? value.toISOString() : null);
  if (mine.transfer.action === 'COLLECTION') return iso(document.estimatedDateTimeOfTakingOver) ?? iso(document.agreedDateTimeOfTakingOver);
  if (mine.transfer.action === 'DELIVERY') return iso(document.estimatedDateTimeOfDelivery) ?? textOf(document.content.agreedDateTimeOfDelivery);
  return null;
}

type Instructions = Parameters<typeof deliveryDestination>[0];

/** The transfers of one document that concern the caller, as the tablet shows them (`instructions` where known: the list). */
export function transferViewsOf(
  document: DocumentRow,
  roles: readonly RoleRow[],
  approvals: readonly ApprovalRow[],
  held: readonly HeldRole[],
  instructions?: Instructions,
) {
  const situation = situationOf(document, roles, approvals);
  return myOpenTransfers(situation, held).map((mine) => {
    // The receiving carrier's counter party is the one handing over; everyone else's is the transfer's counter party.
    const otherIds = mine.side === 'RECEIVING' ? mine.transfer.carrierSide : mine.transfer.counterParty;
    const counterParties = roles
      .filter((role) => otherIds.includes(role.id))
      .map((role) => ({ roleId: role.id, role: role.role, name: textOf(role.party.name) }));
    return {
      mine,
      situation,
      item: {
        freightDocumentId: document.id,
        serviceNumber: document.serviceNumber,
        status: document.status,
        action: mine.transfer.action,
        side: mine.side,
        place: placeOf(mine, roles, instructions),
        counterParties,
        goods: goodsSummary(document.content),
        dueAt: dueAtOf(mine, document),
        carrierApproved: mine.carrierApproved,
        counterPartyApproved: mine.counterPartyApproved,
        ...(instructions ? { pendingInstruction: hasPendingInstruction(instructions) } : {}),
      } satisfies MyTransferItem,
    };
  });
}
