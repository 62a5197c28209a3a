import Link from 'next/link';
import { connection } from 'next/server';
import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { webhooksMetadata } from '@/components/webhooks/page-title';
import { DocumentWebhooksTitle } from '@/components/webhooks/document-webhooks-title';
import { SubscriptionsPanel } from '@/components/webhooks/subscriptions-panel';
import { getSessionAccountId } from '@/server/auth/session';

export const generateMetadata = () => webhooksMetadata('documentWebhooks');

export default async function DocumentWebhooksPage({ params }: { params: Promise<{ id: string }> }) {
  await connection();
  const { id } = await params;
  const href = `/documents/${encodeURIComponent(id)}`;
  if (!(await getSessionAccountId())) redirect(`/login?callbackUrl=${encodeURIComponent(`${href}/webhooks`)}`);
  const t = await getTranslations('delegation.webhooks');
  return (
    <div className="wide-page">
      <DocumentWebhooksTitle freightDocumentId={id} />
      <p className="lead">{t('documentIntro')}</p>
      <section className="panel" aria-labelledby="document-subscriptions-title">
        <h2 id="document-subscriptions-title">{t('panelTitle')}</h2>
        <SubscriptionsPanel freightDocumentId={id} idPrefix="document-webhook" />
      </section>
      <p>
        <Link href={href}>{t('backToDocument')}</Link> · <Link href="/webhooks">{t('allWebhooks')}</Link>
      </p>
    </div>
  );
}
