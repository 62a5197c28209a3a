import Link from 'next/link';
import { useTranslations } from 'next-intl';

/** The account page's way to the Webhooks screen. */
export function WebhooksLinkPanel() {
  const t = useTranslations('delegation.webhooks');
  return (
    <section className="panel" aria-labelledby="account-webhooks-title">
      <h2 id="account-webhooks-title">{t('title')}</h2>
      <p>{t('intro')}</p>
      <p>
        <Link href="/webhooks">{t('manageLink')}</Link>
      </p>
    </section>
  );
}
