import type { FreightDocumentResponse } from '@/lib/schemas/freight-document-response';
import { fail } from '@/server/errors';
import { getSigningKey, signCleartext } from '@/server/pgp/signing-key';
import type { ServiceContext } from '../context';
import { getFreightDocument } from '../freight-documents/get-freight-document';

/**
 * The sender's receipt (contract §14, Additional Protocol art. 6) built from the document as the caller sees it:
 * when and where the carrier took the goods over, which goods, the plates, and the reservations of the taking
 * over with whether (and by whom) they were accepted.
 */
export function receiptOf(document: FreightDocumentResponse) {
  const takingOver = (document.updates ?? []).find((update) => update.newFreightDocumentStatus === 'TRANSIT');
  const collection = (document.approvals ?? []).filter((approval) => approval.action === 'COLLECTION' && !approval.declined);
  const reservations = (document.comments ?? [])
    // A withdrawn reservation is none of the taking over (contract §14).
    .filter((comment) => comment.reservation?.stage === 'TAKING_OVER' && !comment.reservation.withdrawn)
    .map((comment) => {
      const acceptance = collection.find((approval) => approval.acceptedReservations.includes(comment.commentId));
      return {
        commentId: comment.commentId,
        kind: comment.reservation!.kind,
        text: comment.text,
        ...(comment.reservation!.goodsLines ? { goodsLines: comment.reservation!.goodsLines } : {}),
        createDateTimeServer: comment.createDateTimeServer,
        accepted: !!acceptance,
        acceptedBy: acceptance ? { role: acceptance.role, type: acceptance.type, at: acceptance.createDateTimeServer } : null,
      };
    });
  return {
    serviceNumber: document.serviceNumber,
    verificationUrl: document.verificationUrl ?? null,
    takenOverAt: takingOver ? (takingOver.createDateTimeClient ?? takingOver.createDateTimeServer) : null,
    place: collection.find((approval) => approval.place)?.place ?? document.placeOfTakingOver?.cityName ?? document.consignor?.cityName ?? null,
    carrier: document.carrier,
    goods: document.goods,
    structuredGoods: document.structuredGoods,
    licensePlates: document.licensePlates,
    reservations,
  };
}

/** GET /freightdocuments/{id}/receipt: for role holders once the goods were taken over (before: 4.18). */
export async function getReceipt({ ctx, input }: { ctx: ServiceContext; input: { freightDocumentId: string } }) {
  const document = await getFreightDocument({ ctx, input });
  if (document.status !== 'TRANSIT' && document.status !== 'DELIVERED') fail('4.18');
  return receiptOf(document);
}

/** The receipt as an OpenPGP cleartext-signed message of exactly its JSON (contract §9's rule for documents). */
export async function getSignedReceipt({ ctx, input }: { ctx: ServiceContext; input: { freightDocumentId: string } }): Promise<string> {
  const receipt = await getReceipt({ ctx, input });
  return signCleartext(JSON.stringify(receipt), await getSigningKey(ctx.db, ctx.config, ctx.appSecret));
}
