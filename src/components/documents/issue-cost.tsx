import type { AccountView } from '@/lib/schemas/account';

/** Whether the caller can issue now: only a pre-pay account without credits in production cannot (4.41). */
export function cannotIssue(account: AccountView | undefined): boolean {
  return account !== undefined && account.environment === 'production' && account.paymentScheme === 'PRE_PAY' && account.credits < 1;
}

/** What issuing costs this account (spec §1: one credit in production, free in the partner environment). */
export function IssueCost({ account, id }: { account: AccountView | undefined; id?: string }) {
  if (!account) return <span id={id}>Checking your credit balance…</span>;
  const credits = (
    <strong data-testid="credit-balance">
      {account.credits} {account.credits === 1 ? 'credit' : 'credits'}
    </strong>
  );
  if (account.environment === 'partner') {
    return (
      <span id={id} data-testid="issue-cost">
        This is the partner (test) environment: issuing is free and the document is not legally valid. Your balance: {credits}.
      </span>
    );
  }
  if (account.paymentScheme === 'POST_PAY') {
    return (
      <span id={id} data-testid="issue-cost">
        Issuing costs 1 credit, billed afterwards to your post-pay account. Your balance: {credits}.
      </span>
    );
  }
  if (account.credits < 1) {
    return (
      <span id={id} data-testid="issue-cost">
        Issuing costs 1 credit and your balance is {credits}, so you cannot issue now. Save the draft and issue it once credits have been added to your account.
      </span>
    );
  }
  return (
    <span id={id} data-testid="issue-cost">
      Issuing costs 1 credit. Your balance: {credits}.
    </span>
  );
}
