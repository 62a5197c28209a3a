import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import type { AccountView } from '@/lib/schemas/account';

/** Whether the caller can issue now: only a pre-pay account without credits in production cannot (4.41). */
export function cannotIssue(account: AccountView | undefined): boolean {
  return account !== undefined && account.environment === 'production' && account.paymentScheme === 'PRE_PAY' && account.credits < 1;
}

/** What issuing costs this account (spec §1: one credit in production, free in the partner environment). */
export function IssueCost({ account, id }: { account: AccountView | undefined; id?: string }) {
  const t = useTranslations('documents.issueCost');
  if (!account) return <span id={id}>{t('checking')}</span>;
  const credits = { count: account.credits, credits: (chunks: ReactNode) => <strong data-testid="credit-balance">{chunks}</strong> };
  if (account.environment === 'partner') {
    return (
      <span id={id} data-testid="issue-cost">
        {t.rich('partner', credits)}
      </span>
    );
  }
  if (account.paymentScheme === 'POST_PAY') {
    return (
      <span id={id} data-testid="issue-cost">
        {t.rich('postPay', credits)}
      </span>
    );
  }
  if (account.credits < 1) {
    return (
      <span id={id} data-testid="issue-cost">
        {t.rich('insufficient', credits)}
      </span>
    );
  }
  return (
    <span id={id} data-testid="issue-cost">
      {t.rich('prePay', credits)}
    </span>
  );
}
