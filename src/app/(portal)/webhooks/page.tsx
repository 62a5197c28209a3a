import { connection } from 'next/server';
import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { DocumentSubscriptions } from '@/components/webhooks/document-subscriptions';
import { webhooksMetadata } from '@/components/webhooks/page-title';
import { SubscriptionsPanel } from '@/components/webhooks/subscriptions-panel';
import { getSessionAccountId } from '@/server/auth/session';

export const generateMetadata = () => webhooksMetadata('webhooks');

export default async function WebhooksPage() {
  await connection();
  if (!(await getSessionAccountId())) redirect(`/login?callbackUrl=${encodeURIComponent('/webhooks')}`);
  const t = await getTranslations('delegation.webhooks');
  return (
    <div className="wide-page">
      <h1>{t('title')}</h1>
      <p className="lead">{t('intro')}</p>
      <section className="panel" aria-labelledby="account-subscriptions-title">
        <h2 id="account-subscriptions-title">{t('accountTitle')}</h2>
        <p>{t('accountIntro')}</p>
        <SubscriptionsPanel freightDocumentId={null} idPrefix="account-webhook" />
      </section>
      <section className="panel" aria-labelledby="document-subscriptions-title">
        <h2 id="document-subscriptions-title">{t('documentsTitle')}</h2>
        <p>{t('documentsIntro')}</p>
        <DocumentSubscriptions />
      </section>
    </div>
  );
}
