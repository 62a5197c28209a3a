import { useFormatter, useTranslations } from 'next-intl';
import type { AccountView } from '@/lib/schemas/account';

export function AccountOverview({ account }: { account: AccountView }) {
  const t = useTranslations('account.details');
  const enums = useTranslations('enums');
  const format = useFormatter();
  const rows: Array<[string, string, string]> = [
    ['account-number', t('accountNumber'), account.accountNumber],
    ['account-name', t('name'), account.name],
    ['account-email', t('email'), account.email],
    ['account-phone', t('phoneNumber'), account.phoneNumber ?? '—'],
    ['account-company', t('company'), account.companyName ?? '—'],
    ['account-credits', t('credits'), format.number(account.credits)],
    ['account-payment-scheme', t('paymentScheme'), enums(`paymentScheme.${account.paymentScheme}`)],
    ['account-environment', t('environment'), enums(`environment.${account.environment}`)],
  ];
  return (
    <section className="panel" aria-labelledby="account-details-title">
      <h2 id="account-details-title">{t('title')}</h2>
      <dl className="details">
        {rows.map(([id, label, value]) => (
          <div key={id} className="details-row">
            <dt>{label}</dt>
            <dd data-testid={id}>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
