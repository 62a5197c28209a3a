import { requireAccountId, type ServiceContext } from '../context';
import { ownDelegationsOn } from '../document/caller-envelope';
import { loadAccessibleDocument } from '../document/load-document';
import { delegateViewsOf, loadOwnAccountDelegations } from './delegate-views';

/**
 * The caller's delegates on one document, with names (the portal's Delegates panel): what `ownDelegates` lists,
 * its delegations on this document and its account-wide ones for the roles it holds here (those are revoked on
 * the account, 3.37 here).
 */
export async function listDocumentDelegates({ ctx, input }: { ctx: ServiceContext; input: { freightDocumentId: string } }) {
  const accountId = requireAccountId(ctx);
  const loaded = await loadAccessibleDocument(ctx.db, accountId, input.freightDocumentId);
  const own = ownDelegationsOn(loaded, await loadOwnAccountDelegations(ctx.db, accountId));
  const views = await delegateViewsOf(ctx.db, own);
  return { delegates: views.map((view) => ({ ...view, scope: view.freightDocumentId === null ? ('ACCOUNT' as const) : ('DOCUMENT' as const) })) };
}
