import type { ServiceContext } from '../context';
import { getSigningKey, signCleartext } from '@/server/pgp/signing-key';
import { getFreightDocument } from './get-freight-document';

/**
 * GET /freightdocuments/{id} as `application/vnd.freightdocument.v1+pgp-signature` (contract §9): the signed text
 * is exactly the JSON this caller gets at this moment (the bytes `JSON.stringify` gives, as the JSON answer sends).
 * JSON.stringify escapes line breaks, so the text is one line and the cleartext framework leaves it unchanged.
 */
export async function getSignedFreightDocument({ ctx, input }: { ctx: ServiceContext; input: { freightDocumentId: string } }): Promise<string> {
  const document = await getFreightDocument({ ctx, input });
  return signCleartext(JSON.stringify(document), await getSigningKey(ctx.db, ctx.config, ctx.appSecret));
}
