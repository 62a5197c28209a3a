import { requireAccountId, type ServiceContext } from '../context';
import { quoteIssue } from './credits';

/** What issuing costs the caller now and whether it can pay (the portal explains it before the button). */
export async function getIssueQuote({ ctx }: { ctx: ServiceContext }) {
  return quoteIssue(ctx, ctx.db, requireAccountId(ctx));
}
