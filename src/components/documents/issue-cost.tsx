import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import type { IssueQuoteView } from '@/lib/schemas/account';

/** What issuing costs, as the service quotes it (spec §1: one credit in production, free in the partner environment). */
export function IssueCost({ quote, id }: { quote: IssueQuoteView | undefined; id?: string }) {
  const t = useTranslations('documents.issueCost');
  if (!quote) return <span id={id}>{t('checking')}</span>;
  // A delegate of the SUBMITTER role issues on the submitter's credits (spec §5), whose balance it is not shown.
  if (quote.paidBy === 'SUBMITTER' || quote.balance === null) {
    const key = quote.billing === 'FREE' ? 'submitterFree' : quote.canPay ? 'submitterPays' : 'submitterCannotPay';
    return (
      <span id={id} data-testid="issue-cost">
        {t(key, { cost: quote.cost })}
      </span>
    );
  }
  const values = { count: quote.balance, cost: quote.cost, credits: (chunks: ReactNode) => <strong data-testid="credit-balance">{chunks}</strong> };
  if (quote.billing === 'FREE') {
    return (
      <span id={id} data-testid="issue-cost">
        {t.rich('partner', values)}
      </span>
    );
  }
  if (quote.billing === 'POST_PAY') {
    return (
      <span id={id} data-testid="issue-cost">
        {t.rich('postPay', values)}
      </span>
    );
  }
  if (!quote.canPay) {
    return (
      <span id={id} data-testid="issue-cost">
        {t.rich('insufficient', values)}
      </span>
    );
  }
  return (
    <span id={id} data-testid="issue-cost">
      {t.rich('prePay', values)}
    </span>
  );
}
