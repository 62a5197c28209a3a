import type { IssueQuoteView } from '@/lib/schemas/account';

/** What issuing costs, as the service quotes it (spec §1: one credit in production, free in the partner environment). */
export function IssueCost({ quote, id }: { quote: IssueQuoteView | undefined; id?: string }) {
  if (!quote) return <span id={id}>Checking your credit balance…</span>;
  const credits = (
    <strong data-testid="credit-balance">
      {quote.balance} {quote.balance === 1 ? 'credit' : 'credits'}
    </strong>
  );
  if (quote.billing === 'FREE') {
    return (
      <span id={id} data-testid="issue-cost">
        This is the partner (test) environment: issuing is free and the document is not legally valid. Your balance: {credits}.
      </span>
    );
  }
  if (quote.billing === 'POST_PAY') {
    return (
      <span id={id} data-testid="issue-cost">
        Issuing costs {quote.cost} credit, billed afterwards to your post-pay account. Your balance: {credits}.
      </span>
    );
  }
  if (!quote.canPay) {
    return (
      <span id={id} data-testid="issue-cost">
        Issuing costs {quote.cost} credit and your balance is {credits}, so you cannot issue now. Save the draft and issue it once credits have been added to
        your account.
      </span>
    );
  }
  return (
    <span id={id} data-testid="issue-cost">
      Issuing costs {quote.cost} credit. Your balance: {credits}.
    </span>
  );
}
