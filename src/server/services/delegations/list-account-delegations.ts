import { requireAccountId, type ServiceContext } from '../context';
import { delegateViewsOf, loadOwnAccountDelegations } from './delegate-views';

/** GET /accounts/users/me/delegates (contract §11): the caller's active account-wide delegations. */
export async function listAccountDelegations({ ctx }: { ctx: ServiceContext }) {
  const accountId = requireAccountId(ctx);
  return { delegates: await delegateViewsOf(ctx.db, await loadOwnAccountDelegations(ctx.db, accountId)) };
}
