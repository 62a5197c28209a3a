'use client';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useEffect, useRef } from 'react';
import { useLocalTime } from '@/components/i18n/date-time';
import { useEnumLabel } from '@/components/i18n/labels';
import type { ApprovalResponse, FreightDocumentResponse } from '@/lib/schemas/freight-document-response';

/** How the counter party confirmed, in the line under the result. */
const SIGNER_LINE: Partial<Record<ApprovalResponse['type'], 'confirmedOwn' | 'confirmedCode' | 'confirmedImplicit' | 'signed'>> = {
  OWN: 'confirmedOwn',
  TFA: 'confirmedCode',
  SIGN_ON_GLASS: 'signed',
  // Nobody signed: the line must not say so (issue 31: the implicit approval now shows this screen too).
  IMPLICIT: 'confirmedImplicit',
};

/**
 * The answer from the counter party's phone, or their code or signature taken on the tablet, full screen so that a
 * driver cannot misread it: "Delivery done at
 * 14:02, Jan Jansen signed", "Collection done at 14:02, Tegel BV confirmed on its own account", or the refusal with
 * its remarks and what to do next. `complete` is false while the driver's own approval is still missing.
 */
export function HandoverResult({
  approval,
  at,
  serviceNumber,
  status,
  complete,
  countryCode,
  accepted = [],
  unseen = [],
  onClose,
}: {
  approval: ApprovalResponse;
  /** When it happened (the completing approval's time); the counter party's approval's by default. */
  at?: string;
  serviceNumber: string;
  status: FreightDocumentResponse['status'];
  complete: boolean;
  /** The country of the transfer's place: the time is its local time (decision 0027). */
  countryCode?: string | null;
  /** The reservations the counter party's approval accepted, named for the driver (issue 34: the result names them). */
  accepted?: string[];
  /** Reservations of the stage recorded after the counter party's screen was shown, which the approval did not accept. */
  unseen?: string[];
  onClose: () => void;
}) {
  const t = useTranslations('handover.result');
  const legal = useTranslations('legal');
  const label = useEnumLabel();
  const clock = useLocalTime();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const time = clock(at ?? approval.createDateTimeServer, { style: 'clock', countryCode });
  const name = approval.signedOnGlassBy?.name ?? approval.account?.name ?? label('role', approval.role);
  return (
    <div className={`handover-result ${approval.declined ? 'handover-result-declined' : 'handover-result-done'}`} role="alert" data-testid="handover-result">
      <div className="handover-result-inner">
        <h2 ref={heading} tabIndex={-1}>
          {approval.declined ? t('declined', { name, time }) : complete ? t(approval.action, { time }) : t('approvedBy', { name, time })}
        </h2>
        <p className="handover-result-document" data-testid="result-document">
          {t('document', { serviceNumber })}
        </p>
        {approval.declined ? (
          <>
            {approval.remarks ? <p>{t('remarks', { remarks: approval.remarks })}</p> : null}
            {/* The party who refused: the consignor at collection, the next carrier between carriers, else the consignee. */}
            <p data-testid="declined-next">{t('declinedNext', { party: approval.action })}</p>
          </>
        ) : (
          <p className="handover-result-signer">{t(SIGNER_LINE[approval.type] ?? 'signed', { name })}</p>
        )}
        {!approval.declined && accepted.length ? (
          <p className="handover-result-accepted" data-testid="result-accepted">
            {t('accepted', { list: accepted.join('; ') })}
          </p>
        ) : null}
        {!approval.declined && unseen.length ? (
          <p className="legal-warning" data-testid="result-unseen">
            {legal('shown.unseen', { list: unseen.join('; ') })}
          </p>
        ) : null}
        {!approval.declined && !complete ? <p>{t('yoursMissing')}</p> : null}
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
