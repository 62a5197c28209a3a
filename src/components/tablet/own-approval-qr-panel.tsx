'use client';
import QRCode from 'qrcode';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';

/** How long the tablet watches for the counter party's approval after showing the code, as long as a hand-over link lives. */

/**
 * Collection and carrier to carrier (issue 19 item 4): no signature on glass, so the QR code is the address of the
 * portal's approval (`/documents/{id}/approve`, decision 0022). The counter party scans it, signs in on the phone (the
 * sign-in keeps the way back) and approves on its own account; the hand-over screen learns of it within seconds (it watches the document while open).
 * The address is the tablet's own origin: the one the driver's device reached the service at.
 */
export function OwnApprovalQrPanel({ freightDocumentId }: { freightDocumentId: string }) {
  const t = useTranslations('tablet.ownQr');
  const [url, setUrl] = useState<string>();
  const [image, setImage] = useState<string>();

  useEffect(() => {
    if (!url) return;
    let live = true;
    void QRCode.toDataURL(url, { errorCorrectionLevel: 'M', margin: 2, width: 320 }).then((data) => live && setImage(data));
    return () => {
      live = false;
    };
  }, [url]);

  return (
    <div className="handover-qr" data-testid="own-qr-panel">
      <h4>{t('title')}</h4>
      <p>{t('explain')}</p>
      {url ? (
        <div className="handover-qr-body">
          {/* eslint-disable-next-line @next/next/no-img-element -- a data URL made in the browser; nothing to optimise */}
          {image ? <img src={image} alt={t('image')} width={320} height={320} className="handover-qr-image" data-testid="own-qr" /> : null}
          <div>
            <p className="hint">{t('linkLabel')}</p>
            <p className="handover-url" data-testid="own-qr-url">
              {url}
            </p>
            <p className="loading" role="status">
              <span className="spinner" aria-hidden="true" /> {t('waiting')}
            </p>
          </div>
        </div>
      ) : (
        <button
          type="button"
          className="button button-primary button-large"
          onClick={() => {
            setUrl(`${window.location.origin}/documents/${encodeURIComponent(freightDocumentId)}/approve`);
          }}
        >
          {t('show')}
        </button>
      )}
    </div>
  );
}
