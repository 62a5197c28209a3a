import { requireAccountId, type ServiceContext } from '../context';
import { loadAccessibleDocument } from '../document/load-document';

/**
 * Issue 31 item 3: what an open hand-over screen asks every second to learn, within 3 s and without a reload, that
 * the document changed (the counter party approved on the portal, from a mail link, a phone link, REST or another
 * device). Only the heads and the status: the screen reads the whole hand-over again when they moved. The access
 * check is the same as for the document (4.47 alike for a missing one), so nothing leaks (decision 0037).
 */
export async function getHandOverHeads({ ctx, input }: { ctx: ServiceContext; input: { freightDocumentId: string } }) {
  const loaded = await loadAccessibleDocument(ctx.db, requireAccountId(ctx), input.freightDocumentId);
  return { previousCommits: loaded.document.headCommits, status: loaded.document.status };
}
