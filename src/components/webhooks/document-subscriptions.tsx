'use client';
import Link from 'next/link';
import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { errorsFromCall } from '@/components/forms/errors';
import { FormErrors } from '@/components/delegation/text-field';
import { useTRPC } from '@/lib/trpc/client';
import { deliveryLogHref } from './subscriptions-panel';

/** The caller's subscriptions to single documents, across documents, each with its document and its log. */
export function DocumentSubscriptions() {
  const t = useTranslations('delegation');
  const common = useTranslations('common');
  const trpc = useTRPC();
  const list = useQuery(trpc.webhooks.onDocuments.queryOptions());
  if (list.isPending) {
    return (
      <p role="status" className="loading">
        <span className="spinner" aria-hidden="true" /> {common('loading')}
      </p>
    );
  }
  if (list.isError) return <FormErrors errors={errorsFromCall(list.error)} title={t('subscriptions.failed')} />;
  if (list.data.subscriptions.length === 0) return <p className="hint">{t('webhooks.documentsEmpty')}</p>;
  return (
    <ul className="entry-list" aria-label={t('webhooks.documentsTitle')} data-testid="document-subscriptions">
      {list.data.subscriptions.map((subscription) => (
        <li key={subscription.subscriptionId} className="entry">
          <div className="entry-main">
            <p className="entry-title url">{subscription.callbackUrl}</p>
            <p className="hint">
              <Link href={`/documents/${encodeURIComponent(subscription.freightDocumentId)}/webhooks`}>
                {t('webhooks.documentLink', { serviceNumber: subscription.serviceNumber })}
              </Link>
            </p>
          </div>
          <div className="entry-actions">
            <Link
              className="button button-secondary"
              href={deliveryLogHref(subscription.subscriptionId, subscription.freightDocumentId)}
              aria-label={t('subscriptions.logLabel', { url: subscription.callbackUrl })}
            >
              {t('subscriptions.log')}
            </Link>
          </div>
        </li>
      ))}
    </ul>
  );
}
