'use client';
import Link from 'next/link';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { errorsFromCall, type FieldError } from '@/components/forms/errors';
import { FormErrors } from '@/components/delegation/text-field';
import { DateTime } from '@/components/i18n/date-time';
import type { SubscriptionView } from '@/lib/schemas/subscriptions';
import { useTRPC } from '@/lib/trpc/client';
import { DeleteSubscriptionDialog } from './delete-subscription-dialog';
import { SigningSecret } from './signing-secret';
import { SubscriptionForm } from './subscription-form';
import '@/components/delegation/delegation.css';

/** The delivery log's address: the subscription, and its document when it has one (the services scope by it). */
export function deliveryLogHref(subscriptionId: string, freightDocumentId: string | null): string {
  const base = `/webhooks/${encodeURIComponent(subscriptionId)}`;
  return freightDocumentId === null ? base : `${base}?document=${encodeURIComponent(freightDocumentId)}`;
}

/**
 * The caller's subscriptions of one scope (one document, or account-wide: null): add one (its secret shown once),
 * send a test event, open the delivery log, delete one.
 */
export function SubscriptionsPanel({ freightDocumentId, idPrefix }: { freightDocumentId: string | null; idPrefix: string }) {
  const t = useTranslations('delegation.subscriptions');
  const common = useTranslations('common');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const scope = { freightDocumentId };
  const list = useQuery(trpc.webhooks.list.queryOptions(scope));
  const create = useMutation(trpc.webhooks.create.mutationOptions());
  const sendTest = useMutation(trpc.webhooks.sendTest.mutationOptions());
  const remove = useMutation(trpc.webhooks.remove.mutationOptions());
  const [createErrors, setCreateErrors] = useState<FieldError[]>([]);
  const [actionErrors, setActionErrors] = useState<FieldError[]>([]);
  const [created, setCreated] = useState<{ callbackUrl: string; signingSecret: string } | null>(null);
  const [notice, setNotice] = useState('');
  const [deleting, setDeleting] = useState<SubscriptionView | null>(null);
  const [formKey, setFormKey] = useState(0);

  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.webhooks.pathKey() });
  const subscriptions = list.data?.subscriptions ?? [];

  function onCreate(callbackUrl: string) {
    setCreateErrors([]);
    setNotice('');
    create.mutate(
      { ...scope, callbackUrl },
      {
        onSuccess: async (answer) => {
          setCreated({ callbackUrl: answer.callbackUrl, signingSecret: answer.signingSecret });
          setFormKey((key) => key + 1);
          await Promise.all([refresh(), queryClient.invalidateQueries({ queryKey: trpc.documents.pathKey() })]);
        },
        onError: (error) => setCreateErrors(errorsFromCall(error)),
      },
    );
  }

  function onSendTest(subscription: SubscriptionView) {
    setActionErrors([]);
    sendTest.mutate(
      { ...scope, subscriptionId: subscription.subscriptionId },
      {
        onSuccess: async () => {
          setNotice(t('testSent', { url: subscription.callbackUrl }));
          await refresh();
        },
        onError: (error) => setActionErrors(errorsFromCall(error)),
      },
    );
  }

  function onDelete(subscription: SubscriptionView) {
    setActionErrors([]);
    remove.mutate(
      { ...scope, subscriptionId: subscription.subscriptionId },
      {
        onSuccess: async () => {
          setDeleting(null);
          setNotice(t('deleted'));
          await Promise.all([refresh(), queryClient.invalidateQueries({ queryKey: trpc.documents.pathKey() })]);
        },
        onError: (error) => setActionErrors(errorsFromCall(error)),
      },
    );
  }

  return (
    <div data-testid={`${idPrefix}-subscriptions`}>
      {created ? <SigningSecret idPrefix={idPrefix} callbackUrl={created.callbackUrl} secret={created.signingSecret} onDone={() => setCreated(null)} /> : null}
      <FormErrors errors={deleting ? [] : actionErrors} title={t('failed')} />
      <p role="status" className={notice ? 'banner banner-success' : 'visually-hidden'}>
        {notice}
      </p>
      {list.isPending ? (
        <p role="status" className="loading">
          <span className="spinner" aria-hidden="true" /> {common('loading')}
        </p>
      ) : list.isError ? (
        <FormErrors errors={errorsFromCall(list.error)} title={t('failed')} />
      ) : subscriptions.length === 0 ? (
        <p className="hint">{t('empty')}</p>
      ) : (
        <ul className="entry-list" aria-label={t('label')}>
          {subscriptions.map((subscription) => (
            <li key={subscription.subscriptionId} className="entry" data-testid="subscription">
              <div className="entry-main">
                <p className="entry-title url">{subscription.callbackUrl}</p>
                <p className="hint">
                  {t('created')}: <DateTime value={subscription.createdAt} />
                </p>
              </div>
              <div className="entry-actions">
                <button
                  type="button"
                  className="button button-secondary"
                  onClick={() => onSendTest(subscription)}
                  disabled={sendTest.isPending}
                  aria-label={t('sendTestLabel', { url: subscription.callbackUrl })}
                >
                  {t('sendTest')}
                </button>
                <Link
                  className="button button-secondary"
                  href={deliveryLogHref(subscription.subscriptionId, freightDocumentId)}
                  aria-label={t('logLabel', { url: subscription.callbackUrl })}
                >
                  {t('log')}
                </Link>
                <button
                  type="button"
                  className="button button-danger"
                  aria-haspopup="dialog"
                  aria-label={t('deleteLabel', { url: subscription.callbackUrl })}
                  onClick={() => {
                    setActionErrors([]);
                    setDeleting(subscription);
                  }}
                >
                  {t('delete')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <SubscriptionForm key={formKey} idPrefix={idPrefix} pending={create.isPending} errors={createErrors} onSubmit={onCreate} />
      {deleting ? (
        <DeleteSubscriptionDialog
          callbackUrl={deleting.callbackUrl}
          pending={remove.isPending}
          errors={actionErrors}
          onClose={() => setDeleting(null)}
          onConfirm={() => onDelete(deleting)}
        />
      ) : null}
    </div>
  );
}
