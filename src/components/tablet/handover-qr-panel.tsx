'use client';
import QRCode from 'qrcode';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { errorsFromCall, useErrorMessage } from '@/components/forms/errors';
import type { HandoverLinkResponse } from '@/lib/schemas/handover';
import type { HandOverTransfer } from '@/lib/schemas/tablet';
import { useHandoverLink } from './tablet-data';
import { useLocalTime } from '@/components/i18n/date-time';

/**
 * Sign on the counter party's own phone (contract §7): the driver shows a QR code of a one-time hand-over link;
 * the consignee scans it, checks the delivery and signs there. The hand-over screen learns of the answer within seconds (it watches the document while open).
 */
export function HandoverQrPanel(props: { freightDocumentId: string; transfer: HandOverTransfer }) {
  const t = useTranslations('handover.qr');
  const clock = useLocalTime();
  const messageFor = useErrorMessage();
  const create = useHandoverLink();
  const [link, setLink] = useState<HandoverLinkResponse>();
  const [image, setImage] = useState<string>();
  const [expired, setExpired] = useState(false);

  useEffect(() => {
    if (!link) return;
    let live = true;
    void QRCode.toDataURL(link.url, { errorCorrectionLevel: 'M', margin: 2, width: 320 }).then((url) => live && setImage(url));
    const timer = window.setTimeout(() => setExpired(true), Math.max(0, new Date(link.expiresAt).getTime() - Date.now()));
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [link]);

  const ask = () => {
    setExpired(false);
    setImage(undefined);
    create.mutate(
      {
        freightDocumentId: props.freightDocumentId,
        body: {
          action: props.transfer.action,
          ...(props.transfer.action === 'CARRIER_TO_CARRIER' && props.transfer.toRoleId ? { counterPartyRoleId: props.transfer.toRoleId } : {}),
        },
      },
      {
        onSuccess: (created) => {
          setLink(created);
        },
      },
    );
  };
  const failure = create.error ? errorsFromCall(create.error)[0] : undefined;

  return (
    <div className="handover-qr" data-testid="handover-qr-panel">
      <h4>{t('title')}</h4>
      <p>{t('explain')}</p>
      {link && !expired ? (
        <div className="handover-qr-body">
          {/* eslint-disable-next-line @next/next/no-img-element -- a data URL made in the browser; nothing to optimise */}
          {image ? <img src={image} alt={t('image')} width={320} height={320} className="handover-qr-image" data-testid="handover-qr" /> : null}
          <div>
            <p className="hint">{t('linkLabel')}</p>
            <p className="handover-url" data-testid="handover-url">
              {link.url}
            </p>
            <p>{t('expires', { time: clock(link.expiresAt, { style: 'clock' }) })}</p>
            <p className="loading" role="status">
              <span className="spinner" aria-hidden="true" /> {t('waiting')}
            </p>
            <button type="button" className="button button-secondary button-large" disabled={create.isPending} onClick={ask}>
              {t('renew')}
            </button>
          </div>
        </div>
      ) : (
        <>
          {expired ? <p role="status">{t('expired')}</p> : null}
          <button
            type="button"
            className="button button-primary button-large"
            disabled={create.isPending}
            aria-busy={create.isPending || undefined}
            onClick={ask}
          >
            {create.isPending ? t('creating') : expired ? t('renew') : t('show')}
          </button>
        </>
      )}
      {failure ? (
        <p className="field-error" role="alert">
          {t('failed', { message: messageFor(failure) })}
        </p>
      ) : null}
    </div>
  );
}
