import { requireAccountId, type ServiceContext } from '../context';
import { loadVisibleDocument } from './load-document';
import { serializeDocument } from './serialize-document';

/** GET /freightdocuments/{id} as JSON: the document as this caller may see it. */
export async function getFreightDocument({ ctx, input }: { ctx: ServiceContext; input: { freightDocumentId: string } }) {
  const loaded = await loadVisibleDocument(ctx.db, requireAccountId(ctx), input.freightDocumentId);
  return serializeDocument(ctx.db, loaded);
}
