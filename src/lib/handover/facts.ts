import { deliveryDestination } from '@/lib/domain/delivery-destination';
import { STAGE_OF_TRANSFER } from '@/lib/domain/legal-events';
import type { TransferAction } from '@/lib/domain/transfers';
import type { Role } from '@/lib/schemas/freight-document';
import type { FreightDocumentResponse } from '@/lib/schemas/freight-document-response';
import type { HandoverParty, HandoverView } from '@/lib/schemas/handover';

type Party = FreightDocumentResponse['consignor'];
/** What is handed over, without the link's expiry: the public hand-over page and the portal's approval show the same. */
export type HandoverFactsView = Omit<HandoverView, 'expiresAt'>;

function partyOf(role: Role, party: Party): HandoverParty[] {
  if (!party?.name) return [];
  const { name, streetName, buildingNumber, postalCode, cityName, countryCode } = party;
  return [{ role, name, streetName, buildingNumber, postalCode, cityName, countryCode }];
}

/** Where the delivery happens now: the new consignee after an accepted change of consignee (issue 31 item 7). */
export function deliveryPlaceOf(document: Pick<FreightDocumentResponse, 'instructions' | 'placeOfDelivery' | 'consignee'>): Party {
  return deliveryDestination(document.instructions, Boolean(document.placeOfDelivery?.name)) === 'CONSIGNEE' ? document.consignee : document.placeOfDelivery;
}

/** When the transfer is due and where (the country whose local time shows it); none between carriers. */
function dueOf(action: TransferAction, document: FreightDocumentResponse): HandoverFactsView['due'] {
  const [at, place] =
    action === 'COLLECTION'
      ? [document.estimatedDateTimeOfTakingOver ?? document.agreedDateTimeOfTakingOver, document.placeOfTakingOver]
      : action === 'DELIVERY'
        ? [document.estimatedDateTimeOfDelivery ?? document.agreedDateTimeOfDelivery, deliveryPlaceOf(document)]
        : [null, null];
  return typeof at === 'string' && at ? { at, countryCode: place?.countryCode ?? null } : null;
}

/** The document as its reader sees it, cut to what a transfer hands over (contract §7). */
export function handoverFactsOf(action: TransferAction, document: FreightDocumentResponse): HandoverFactsView {
  const stage = STAGE_OF_TRANSFER[action];
  const names = new Map(document.structuredGoods.map((line) => [line.productId, line.name]));
  return {
    due: dueOf(action, document),
    action,
    serviceNumber: document.serviceNumber,
    previousCommits: document.previousCommits,
    parties: [
      ...partyOf('CONSIGNOR', document.consignor),
      ...partyOf('PLACE_OF_TAKING_OVER', document.placeOfTakingOver),
      ...partyOf('CARRIER', document.carrier),
      ...document.subsequentCarriers.flatMap((party) => partyOf('SUBSEQUENT_CARRIER', party)),
      ...partyOf('CONSIGNEE', document.consignee),
      // The old place of delivery is left out once the cargo goes to a new consignee (issue 31 item 7).
      ...(deliveryPlaceOf(document) === document.placeOfDelivery ? partyOf('PLACE_OF_DELIVERY', document.placeOfDelivery) : []),
    ],
    goods: document.goods,
    structuredGoods: document.structuredGoods.map(({ productId, name, numberOfPackages, methodOfPackaging, weight, weightUnit, volume, volumeUnit }) => ({
      productId,
      name,
      numberOfPackages,
      methodOfPackaging,
      weight,
      weightUnit,
      volume,
      volumeUnit,
    })),
    licensePlates: document.licensePlates.map(({ licensePlate, countryCode, type }) => ({ licensePlate, countryCode, type })),
    // The reservations of this stage are listed on their own, by kind; every other comment as it was written.
    comments: (document.comments ?? [])
      .filter((comment) => comment.text && comment.reservation?.stage !== stage)
      .map((comment) => ({ text: comment.text!, by: comment.submittedBy.name ?? null, at: comment.createDateTimeServer ?? '' })),
    // What the approval accepts (contract §14): the stage's reservations, none withdrawn.
    reservations: (document.comments ?? []).flatMap((comment) =>
      comment.reservation?.stage === stage && !comment.reservation.withdrawn
        ? [
            {
              kind: comment.reservation.kind,
              text: comment.text,
              goodsLines: (comment.reservation.goodsLines ?? []).flatMap((id) => names.get(id) ?? []),
              photos: comment.attachments.length,
              // One recorded for the signer on the hand-over page is theirs (contract §7), not the driver's.
              by: comment.reservation.recordedFor?.name ?? comment.creatorName ?? comment.submittedBy.name ?? null,
              at: comment.createDateTimeServer ?? '',
            },
          ]
        : [],
    ),
  };
}
