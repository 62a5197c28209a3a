import { requireAccountId, type ServiceContext } from '../context';
import { loadAccessibleDocument } from '../document/load-document';
import { quoteIssue, type IssueQuote } from '../document/credits';

/**
 * What issuing costs now and whether it can be paid (the portal explains it before the button). For a new document
 * the caller pays; for an existing one its submitter does (spec §5: a delegate of the SUBMITTER role issues with the
 * role's rights, on the submitter's credits), and a delegate is not shown the submitter's balance.
 */
export async function getIssueQuote({ ctx, input = {} }: { ctx: ServiceContext; input?: { freightDocumentId?: string } }): Promise<IssueQuote> {
  const accountId = requireAccountId(ctx);
  if (!input.freightDocumentId) return quoteIssue(ctx, ctx.db, accountId);
  const { document } = await loadAccessibleDocument(ctx.db, accountId, input.freightDocumentId);
  const quote = await quoteIssue(ctx, ctx.db, document.submitterAccountId);
  return document.submitterAccountId === accountId ? quote : { ...quote, balance: null, paidBy: 'SUBMITTER' };
}
