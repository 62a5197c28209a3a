/**
 * Issue 31 item 7: where the cargo goes at the delivery, after instructions of the right of disposal (CMR art. 12).
 * An accepted change of consignee that names no new place of delivery sends the cargo to the new consignee: the old
 * place of delivery belonged to the old consignee, so it is no longer where the driver goes. A later accepted change
 * of the place of delivery names the place again. Pure: over the document's instructions as the response lists them.
 */
export type DeliveryDestination = 'PLACE_OF_DELIVERY' | 'CONSIGNEE';

interface InstructionView {
  kind: string;
  createDateTimeServer: string;
  response?: { accepted: boolean; createDateTimeServer: string } | undefined;
}

export function deliveryDestination(instructions: readonly InstructionView[] | undefined, hasPlaceOfDelivery: boolean): DeliveryDestination {
  const changes = (instructions ?? [])
    .filter((instruction) => instruction.response?.accepted && (instruction.kind === 'CHANGE_CONSIGNEE' || instruction.kind === 'CHANGE_PLACE_OF_DELIVERY'))
    .sort((a, b) => a.response!.createDateTimeServer.localeCompare(b.response!.createDateTimeServer));
  const last = changes.at(-1);
  if (last?.kind === 'CHANGE_CONSIGNEE') return 'CONSIGNEE';
  return hasPlaceOfDelivery ? 'PLACE_OF_DELIVERY' : 'CONSIGNEE';
}

/** Whether an instruction waits for the carrier side's answer: flagged on the list and atop the document. */
export const hasPendingInstruction = (instructions: readonly InstructionView[] | undefined) =>
  (instructions ?? []).some((instruction) => !instruction.response);
