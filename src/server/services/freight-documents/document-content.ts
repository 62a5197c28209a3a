import { sql } from 'drizzle-orm';
import type { FreightDocumentInput } from '@/lib/schemas/freight-document';
import type { DbOrTx } from '@/server/db/client';
import { queryRows } from '@/server/db/rows';

const DEFAULT_SIGNING_METHODS = { collection: ['OWN', 'TFA'], carrierToCarrier: ['OWN', 'TFA'], delivery: ['OWN', 'TFA', 'SIGN_ON_GLASS'] };

/**
 * The document's content as stored: every body attribute except parties, attachments and the fields the
 * server owns. Structured goods lines keep their productId when they already had one in this document.
 */
export async function buildContent(db: DbOrTx, input: FreightDocumentInput, existingProductIds: number[] = []) {
  const {
    type: _type,
    status: _status,
    consignor: _consignor,
    consignee: _consignee,
    carrier: _carrier,
    placeOfTakingOver: _placeOfTakingOver,
    placeOfDelivery: _placeOfDelivery,
    subsequentCarriers: _subsequentCarriers,
    attachments: _attachments,
    previousCommits: _previousCommits,
    structuredGoods,
    availableSigningMethods,
    // These live in columns (lists filter and sort on them): see documentColumns.
    establishedDate: _establishedDate,
    establishedPlace: _establishedPlace,
    carrierCode: _carrierCode,
    agreedDateTimeOfTakingOver: _agreedTakingOver,
    estimatedDateTimeOfTakingOver: _estimatedTakingOver,
    estimatedDateTimeOfDelivery: _estimatedDelivery,
    ...rest
  } = input;
  const content: Record<string, unknown> = Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined));
  content.availableSigningMethods = {
    collection: availableSigningMethods?.collection ?? (availableSigningMethods ? [] : DEFAULT_SIGNING_METHODS.collection),
    carrierToCarrier: availableSigningMethods?.carrierToCarrier ?? (availableSigningMethods ? [] : DEFAULT_SIGNING_METHODS.carrierToCarrier),
    delivery: availableSigningMethods?.delivery ?? (availableSigningMethods ? [] : DEFAULT_SIGNING_METHODS.delivery),
  };
  if (structuredGoods && structuredGoods.length > 0) {
    const keep = new Set(existingProductIds);
    const needed = structuredGoods.filter((item) => item.productId === undefined || !keep.has(item.productId)).length;
    const fresh =
      needed > 0
        ? (await queryRows<{ id: string }>(db, sql`select nextval('product_id_seq')::text as id from generate_series(1, ${needed})`)).map((row) =>
            Number(row.id),
          )
        : [];
    content.structuredGoods = structuredGoods.map((item) => ({
      type: 'GOOD',
      ...Object.fromEntries(Object.entries(item).filter(([, value]) => value !== undefined)),
      productId: item.productId !== undefined && keep.has(item.productId) ? item.productId : fresh.shift()!,
    }));
  }
  return content;
}

/** The body attributes kept as columns of freight_documents. */
export function documentColumns(input: FreightDocumentInput) {
  const date = (value: string | undefined) => (value ? new Date(value) : null);
  return {
    establishedDate: input.establishedDate ?? null,
    establishedPlace: input.establishedPlace ?? null,
    carrierCode: input.carrierCode ?? null,
    agreedDateTimeOfTakingOver: date(input.agreedDateTimeOfTakingOver),
    estimatedDateTimeOfTakingOver: date(input.estimatedDateTimeOfTakingOver),
    estimatedDateTimeOfDelivery: date(input.estimatedDateTimeOfDelivery),
  };
}
