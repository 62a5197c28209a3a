import type { AccountView } from '@/lib/schemas/account';

const PAYMENT_SCHEMES: Record<AccountView['paymentScheme'], string> = { PRE_PAY: 'Pre-pay', POST_PAY: 'Post-pay' };
const ENVIRONMENTS: Record<AccountView['environment'], string> = { partner: 'Partner (test)', production: 'Production' };

export function AccountOverview({ account }: { account: AccountView }) {
  const rows: Array<[string, string, string]> = [
    ['account-number', 'Account number', account.accountNumber],
    ['account-name', 'Name', account.name],
    ['account-email', 'E-mail', account.email],
    ['account-phone', 'Phone number', account.phoneNumber ?? '—'],
    ['account-company', 'Company', account.companyName ?? '—'],
    ['account-credits', 'Credits', String(account.credits)],
    ['account-payment-scheme', 'Payment scheme', PAYMENT_SCHEMES[account.paymentScheme]],
    ['account-environment', 'Environment', ENVIRONMENTS[account.environment]],
  ];
  return (
    <section className="panel" aria-labelledby="account-details-title">
      <h2 id="account-details-title">Account details</h2>
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
