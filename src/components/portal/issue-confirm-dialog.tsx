'use client';
import { useTranslations } from 'next-intl';
import { useEffect, useRef } from 'react';
import { IssueCost } from '@/components/documents/issue-cost';
import type { IssueQuoteView } from '@/lib/schemas/account';
import type { SummaryRow } from './issue-summary';
import { EftiReadiness } from '@/components/efti/efti-readiness';
import type { EftiSource } from '@/lib/efti/dataset';

interface IssueConfirmDialogProps {
  open: boolean;
  pending: boolean;
  quote: IssueQuoteView | undefined;
  summary: readonly SummaryRow[];
  onConfirm: () => void;
  onClose: () => void;
  /** Contract §15: what authorities would miss, from the form not saved yet, or from the saved draft. */
  eftiDraft?: EftiSource;
  freightDocumentId?: string;
}

/** Issuing asks first (issue 12): what becomes fixed, and what it costs. The safe answer has the focus. */
export function IssueConfirmDialog({ open, pending, quote, summary, onConfirm, onClose, eftiDraft, freightDocumentId }: IssueConfirmDialogProps) {
  const t = useTranslations('portal.issue');
  const dialog = useRef<HTMLDialogElement>(null);
  const back = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      element.showModal();
      back.current?.focus();
    } else if (!open && element.open) element.close();
  }, [open]);
  return (
    <dialog
      ref={dialog}
      className="dialog issue-dialog"
      aria-labelledby="issue-dialog-title"
      aria-describedby="issue-dialog-text"
      onClose={onClose}
      data-testid="issue-dialog"
    >
      {/* Rendered only while open: the page's own cost note keeps its ids and test ids unique. */}
      {open ? (
        <>
          <h2 id="issue-dialog-title">{t('title')}</h2>
          <p id="issue-dialog-text">{t('fixed')}</p>
          <dl className="details">
            {summary.map((row) => (
              <div key={row.label} className="details-row">
                <dt>{row.label}</dt>
                <dd>{row.value}</dd>
              </div>
            ))}
          </dl>
          <p>
            <IssueCost quote={quote} id="issue-dialog-cost" />
          </p>
          <EftiReadiness draft={eftiDraft} freightDocumentId={freightDocumentId} headingLevel={3} id="issue-efti-readiness" />
          <p className="hint">{t('notified')}</p>
          <div className="actions">
            <button type="button" ref={back} className="button button-secondary" onClick={onClose} disabled={pending}>
              {t('back')}
            </button>
            <button
              type="button"
              className="button button-primary"
              onClick={onConfirm}
              disabled={pending || quote?.canPay === false}
              aria-busy={pending || undefined}
              aria-describedby="issue-dialog-cost"
            >
              {pending ? t('issuing') : t('confirm')}
            </button>
          </div>
        </>
      ) : null}
    </dialog>
  );
}
