import type { FreightDocumentResponse } from '@/lib/schemas/freight-document-response';
import type { HandoverLookup, HandoverParty, HandoverView } from '@/lib/schemas/handover';
import type { Role } from '@/lib/schemas/freight-document';
import { ServiceError } from '@/server/errors';
import type { ServiceContext } from '../context';
import { loadAccessibleDocument } from '../access/load-document';
import { serializeDocument } from '../freight-documents/serialize-document';
import { handoverLinkState, type HandoverLinkRow } from './handover-link-state';

type Party = FreightDocumentResponse['consignor'];

function partyOf(role: Role, party: Party): HandoverParty[] {
  if (!party?.name) return [];
  const { name, streetName, buildingNumber, postalCode, cityName, countryCode } = party;
  return [{ role, name, streetName, buildingNumber, postalCode, cityName, countryCode }];
}

/** The document as the link's creator sees it, cut to what is handed over. */
function viewOf(link: HandoverLinkRow, document: FreightDocumentResponse): HandoverView {
  return {
    action: link.action,
    serviceNumber: document.serviceNumber,
    parties: [
      ...partyOf('CONSIGNOR', document.consignor),
      ...partyOf('PLACE_OF_TAKING_OVER', document.placeOfTakingOver),
      ...partyOf('CARRIER', document.carrier),
      ...document.subsequentCarriers.flatMap((party) => partyOf('SUBSEQUENT_CARRIER', party)),
      ...partyOf('CONSIGNEE', document.consignee),
      ...partyOf('PLACE_OF_DELIVERY', document.placeOfDelivery),
    ],
    goods: document.goods,
    structuredGoods: document.structuredGoods.map(({ name, numberOfPackages, methodOfPackaging, weight, weightUnit, volume, volumeUnit }) => ({
      name,
      numberOfPackages,
      methodOfPackaging,
      weight,
      weightUnit,
      volume,
      volumeUnit,
    })),
    licensePlates: document.licensePlates.map(({ licensePlate, countryCode, type }) => ({ licensePlate, countryCode, type })),
    comments: (document.comments ?? [])
      .filter((comment) => comment.text)
      .map((comment) => ({ text: comment.text!, by: comment.submittedBy.name ?? null, at: comment.createDateTimeServer ?? '' })),
    expiresAt: link.expiresAt.toISOString(),
  };
}

/**
 * The public hand-over page (contract §7): what an open link hands over, read as the account that asked for the
 * link sees the document. A used or expired link, and one whose creator can no longer see the document, shows
 * nothing of it.
 */
export async function openHandoverLink({ ctx, input }: { ctx: ServiceContext; input: { token: string } }): Promise<HandoverLookup> {
  const found = await handoverLinkState(ctx.db, input.token, ctx.now());
  if (found.state !== 'OPEN') return found;
  const { link } = found;
  try {
    const loaded = await loadAccessibleDocument(ctx.db, link.createdByAccountId, link.documentId);
    const document = await serializeDocument({ ...ctx, caller: { accountId: link.createdByAccountId } }, loaded);
    return { state: 'OPEN', view: viewOf(link, document) };
  } catch (error) {
    if (error instanceof ServiceError && error.items[0]?.code === '4.47') return { state: 'GONE' };
    throw error;
  }
}
