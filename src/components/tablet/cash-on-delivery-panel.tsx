'use client';
import { useTranslations } from 'next-intl';
import { useMoney } from '@/components/i18n/money';
import { useState } from 'react';
import type { FreightDocumentResponse } from '@/lib/schemas/freight-document-response';
import type { HandOverTransfer } from '@/lib/schemas/tablet';
import type { OutboxEntry, Submit } from '@/lib/tablet/outbox';
import { entryState } from './outbox-status';
import '@/components/legal/legal.css';

/**
 * Cash on delivery (CMR art. 21, box 15) on the delivery step, before the approvals: collected (amount and
 * reference) or not. Shown when the document asks for a reimbursement and `allowedActions` has
 * RECORD_CASH_ON_DELIVERY; a later record replaces the earlier one.
 */
export function CashOnDeliveryPanel(props: { document: FreightDocumentResponse; transfer: HandOverTransfer; entries: OutboxEntry[]; submit: Submit }) {
  const { document, transfer } = props;
  const t = useTranslations('legal.cash');
  const money = useMoney();
  const due = document.reimbursementAmount ?? 0;
  const currency = document.reimbursementCurrency;
  const [collected, setCollected] = useState<boolean>();
  const [amount, setAmount] = useState(String(due));
  const [reference, setReference] = useState('');
  const [key, setKey] = useState<string>();
  const state = entryState(props.entries, key);
  if (transfer.action !== 'DELIVERY' || !document.allowedActions.includes('RECORD_CASH_ON_DELIVERY')) return null;
  const recorded = document.cashOnDelivery;

  return (
    <section className="panel tablet-panel" aria-labelledby="cash-title" data-testid="cash-on-delivery-panel">
      <h2 id="cash-title">{t('title')}</h2>
      <p className="lead">{t('due', { amount: money(due, currency) })}</p>
      {recorded ? (
        <p className="legal-ok" data-testid="cash-recorded">
          {recorded.collected ? t('yes') : t('no')}
          {recorded.collected && recorded.amount !== undefined ? ` · ${money(recorded.amount, recorded.currency ?? currency)}` : ''}
          {recorded.reference ? ` · ${recorded.reference}` : ''}
        </p>
      ) : null}
      <form
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
          if (collected === undefined || state === 'sending') return;
          const value = Number(amount.replace(',', '.'));
          setKey(
            props.submit('cashOnDelivery', {
              collected,
              ...(collected && Number.isFinite(value) ? { amount: value, ...(currency ? { currency } : {}) } : {}),
              ...(collected && reference.trim() ? { reference: reference.trim() } : {}),
              previousCommits: document.previousCommits,
            }),
          );
        }}
      >
        <div role="group" aria-labelledby="cash-question" className="field">
          <p id="cash-question" className="legal-label">
            {t('question')}
          </p>
          <div className="kind-buttons">
            {[true, false].map((value) => (
              <button
                key={String(value)}
                type="button"
                className={`button button-large ${collected === value ? 'button-primary' : 'button-secondary'}`}
                aria-pressed={collected === value}
                onClick={() => setCollected(value)}
              >
                {value ? t('yes') : t('no')}
              </button>
            ))}
          </div>
        </div>
        {collected ? (
          <>
            <div className="field">
              <label htmlFor="cash-amount">
                {t('amount')} {currency ? `(${currency})` : ''}
              </label>
              <input id="cash-amount" className="input input-large" inputMode="decimal" value={amount} onChange={(event) => setAmount(event.target.value)} />
            </div>
            <div className="field">
              <label htmlFor="cash-reference">{t('reference')}</label>
              <input id="cash-reference" className="input input-large" value={reference} onChange={(event) => setReference(event.target.value)} />
            </div>
          </>
        ) : null}
        <p role="status" className={state === 'sent' ? 'legal-ok' : 'visually-hidden'}>
          {state === 'sent' ? t('done') : ''}
        </p>
        <div className="actions">
          <button type="submit" className="button button-primary button-large" disabled={collected === undefined || state === 'sending'}>
            {t('submit')}
          </button>
        </div>
      </form>
    </section>
  );
}
