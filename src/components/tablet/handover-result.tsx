'use client';
import Link from 'next/link';
import { useFormatter, useTranslations } from 'next-intl';
import { useEffect, useRef } from 'react';
import { useEnumLabel } from '@/components/i18n/labels';
import type { ApprovalResponse, FreightDocumentResponse } from '@/lib/schemas/freight-document-response';

const CLOCK = { hour: '2-digit', minute: '2-digit' } as const;

/**
 * The answer from the counter party's phone, full screen so that a driver cannot misread it: "Delivery done at
 * 14:02, Jan Jansen signed", or the refusal with its remarks and what to do next.
 */
export function HandoverResult({ approval, status, onClose }: { approval: ApprovalResponse; status: FreightDocumentResponse['status']; onClose: () => void }) {
  const t = useTranslations('handover.result');
  const label = useEnumLabel();
  const format = useFormatter();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const time = format.dateTime(new Date(approval.createDateTimeServer), CLOCK);
  const name = approval.signedOnGlassBy?.name ?? '';
  return (
    <div className={`handover-result ${approval.declined ? 'handover-result-declined' : 'handover-result-done'}`} role="alert" data-testid="handover-result">
      <div className="handover-result-inner">
        <h2 ref={heading} tabIndex={-1}>
          {approval.declined ? t('declined', { name, time }) : t(approval.action, { time })}
        </h2>
        {approval.declined ? (
          <>
            {approval.remarks ? <p>{t('remarks', { remarks: approval.remarks })}</p> : null}
            <p>{t('declinedNext')}</p>
          </>
        ) : (
          <p className="handover-result-signer">{t('signed', { name })}</p>
        )}
        <p>{t('next', { status: label('status', status) })}</p>
        <div className="actions">
          <button type="button" className="button button-primary button-large" onClick={onClose}>
            {t('close')}
          </button>
          <Link href="/tablet" className="button button-secondary button-large">
            {t('myTransfers')}
          </Link>
        </div>
      </div>
    </div>
  );
}
