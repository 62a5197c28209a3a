import { handoverFactsOf } from '@/lib/handover/facts';
import type { HandoverLookup } from '@/lib/schemas/handover';
import { ServiceError } from '@/server/errors';
import type { ServiceContext } from '../context';
import { loadAccessibleDocument } from '../document/load-document';
import { serializeDocument } from '../document/serialize-document';
import { handoverLinkState } from './handover-link-state';

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
    return { state: 'OPEN', view: { ...handoverFactsOf(link.action, document), expiresAt: link.expiresAt.toISOString() } };
  } catch (error) {
    if (error instanceof ServiceError && error.items[0]?.code === '4.47') return { state: 'GONE' };
    throw error;
  }
}
