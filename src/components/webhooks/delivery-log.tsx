'use client';
import Link from 'next/link';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { errorsFromCall, type FieldError } from '@/components/forms/errors';
import { FormErrors } from '@/components/delegation/text-field';
import { useTRPC } from '@/lib/trpc/client';
import { DeliveryEntry } from './delivery-entry';
import '@/components/delegation/delegation.css';

/** How often the log asks again while a delivery is still pending. */
const PENDING_REFRESH_MS = 2000;

/**
 * The delivery log of one subscription (contract §11): the newest deliveries with every attempt (time, HTTP status
 * or error, duration), the next attempt of a pending one, "send test" and "redeliver". It refreshes itself while
 * something is pending, so a developer sees an attempt land without reloading.
 */
export function DeliveryLog({ subscriptionId, freightDocumentId }: { subscriptionId: string; freightDocumentId: string | null }) {
  const t = useTranslations('delegation');
  const common = useTranslations('common');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const scope = { freightDocumentId, subscriptionId };
  const subscriptions = useQuery(trpc.webhooks.list.queryOptions({ freightDocumentId }));
  const log = useQuery({
    ...trpc.webhooks.deliveries.queryOptions(scope),
    refetchInterval: (query) => (query.state.data?.deliveries.some((delivery) => delivery.state === 'PENDING') ? PENDING_REFRESH_MS : false),
  });
  const sendTest = useMutation(trpc.webhooks.sendTest.mutationOptions());
  const redeliver = useMutation(trpc.webhooks.redeliver.mutationOptions());
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [notice, setNotice] = useState('');
  const subscription = subscriptions.data?.subscriptions.find((entry) => entry.subscriptionId === subscriptionId);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.webhooks.deliveries.queryKey(scope) });
  const back = (
    <p>
      <Link href={freightDocumentId === null ? '/webhooks' : `/documents/${encodeURIComponent(freightDocumentId)}/webhooks`}>{t('log.back')}</Link>
    </p>
  );

  if (log.isPending || subscriptions.isPending) {
    return (
      <p role="status" className="loading">
        <span className="spinner" aria-hidden="true" /> {common('loading')}
      </p>
    );
  }
  if (log.isError || !subscription) {
    const [error] = log.isError ? errorsFromCall(log.error) : [];
    const missing = !subscription || error?.code === '4.1' || error?.code === '4.47';
    return (
      <>
        <div className="error-summary" role="alert">
          <h2>{missing ? t('log.notFound') : t('log.loadFailed')}</h2>
        </div>
        {back}
      </>
    );
  }

  const mutationOptions = (message: string) => ({
    onSuccess: async () => {
      setNotice(message);
      await refresh();
    },
    onError: (error: unknown) => setErrors(errorsFromCall(error)),
  });

  return (
    <>
      <p className="lead">{t('log.intro', { url: subscription.callbackUrl })}</p>
      <div className="actions log-actions">
        <button
          type="button"
          className="button button-primary"
          disabled={sendTest.isPending}
          onClick={() => {
            setErrors([]);
            sendTest.mutate(scope, mutationOptions(t('subscriptions.testSent', { url: subscription.callbackUrl })));
          }}
        >
          {t('subscriptions.sendTest')}
        </button>
      </div>
      <FormErrors errors={errors} title={t('subscriptions.failed')} />
      <p role="status" className={notice ? 'banner banner-success' : 'visually-hidden'}>
        {notice}
      </p>
      <h2>{t('log.deliveries')}</h2>
      {log.data.deliveries.some((delivery) => delivery.state === 'PENDING') ? <p className="hint">{t('log.refreshing')}</p> : null}
      {log.data.deliveries.length === 0 ? (
        <p className="hint">{t('log.empty')}</p>
      ) : (
        <ul className="entry-list" aria-label={t('log.title')} data-testid="delivery-log">
          {log.data.deliveries.map((delivery) => (
            <DeliveryEntry
              key={delivery.deliveryId}
              delivery={delivery}
              pending={redeliver.isPending}
              onRedeliver={() => {
                setErrors([]);
                redeliver.mutate({ ...scope, deliveryId: delivery.deliveryId }, mutationOptions(t('log.redelivered')));
              }}
            />
          ))}
        </ul>
      )}
      {back}
    </>
  );
}
