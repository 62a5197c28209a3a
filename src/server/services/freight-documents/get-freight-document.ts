import { requireAccountId, type ServiceContext } from '../context';
import { loadAccessibleDocument } from '../document/load-document';
import { serializeDocument } from '../document/serialize-document';

/** GET /freightdocuments/{id} as JSON: the document as this caller may see it. */
export async function getFreightDocument({ ctx, input }: { ctx: ServiceContext; input: { freightDocumentId: string } }) {
  const loaded = await loadAccessibleDocument(ctx.db, requireAccountId(ctx), input.freightDocumentId);
  return serializeDocument(ctx, loaded);
}
