'use client';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useEnumLabel } from '@/components/i18n/labels';
import type { DocumentAction } from '@/lib/domain/document-actions';
import type { ApprovalType } from '@/lib/domain/transfers';
import type { FreightDocumentResponse } from '@/lib/schemas/freight-document-response';
import type { HandoverLinkResponse } from '@/lib/schemas/handover';
import type { HandOverTransfer } from '@/lib/schemas/tablet';
import type { OutboxEntry, Submit } from '@/lib/tablet/outbox';
import { locationOf, useDeviceLocation } from './device-location';
import { entryState } from './outbox-status';
import { HandoverQrPanel } from './handover-qr-panel';
import { OWN_WATCH_MS, OwnApprovalQrPanel } from './own-approval-qr-panel';
import { SignaturePanel } from './signature-panel';
import { TfaPanel } from './tfa-panel';

/** The counter-party approvals the hand-over shows full screen when they arrive. */
export type WatchedApproval = 'SIGN_ON_GLASS' | 'OWN' | 'TFA';

const APPROVE: Record<HandOverTransfer['action'], DocumentAction> = {
  COLLECTION: 'APPROVE_COLLECTION',
  CARRIER_TO_CARRIER: 'APPROVE_CARRIER_TO_CARRIER',
  DELIVERY: 'APPROVE_DELIVERY',
};
const RECORDED: ApprovalType[] = ['SIGN_ON_GLASS', 'TFA', 'IMPLICIT'];

interface Props {
  document: FreightDocumentResponse;
  transfer: HandOverTransfer;
  /** The comment texts the TFA challenge covers: the document's and those waiting in the outbox. */
  comments: string[];
  entries: OutboxEntry[];
  submit: Submit;
  /** A QR code is out: the screen watches for the counter party's approval of this type from its phone, until `until`. */
  /**
   * Look out for the counter party's approval of `type`, to show it full screen: asked for on the phone (polled until
   * `until`), or taken on this tablet (`polling: false`: it shows once the outbox has sent it).
   */
  onWatch: (watch: { type: WatchedApproval; until: number; polling?: boolean }) => void;
}

/**
 * The ways the counter party confirms, in the order offered. Where the transfer lists sign-on-glass, the phone's way
 * is the one-time hand-over link (in the SIGN_ON_GLASS choice); elsewhere, where it lists OWN, the portal's approval by
 * QR code comes first (issue 19 item 4).
 */
function methodsOf(transfer: HandOverTransfer): ApprovalType[] {
  const recorded = transfer.methods.filter((method) => RECORDED.includes(method));
  return transfer.methods.includes('OWN') && !transfer.methods.includes('SIGN_ON_GLASS') ? ['OWN', ...recorded] : recorded;
}

/**
 * The approvals of one transfer: the driver's own (on its account), then the counter party's by one of the
 * methods the document allows (sign on glass, two-factor code, implicit). Which buttons show is the access
 * resolver's `allowedActions`; what has been approved comes with the transfer.
 */
export function ApprovalsPanel({ document, transfer, comments, entries, submit, onWatch }: Props) {
  const t = useTranslations('tablet.approve');
  const label = useEnumLabel();
  const [ownKey, setOwnKey] = useState<string>();
  const [counterKey, setCounterKey] = useState<string>();
  const methods = methodsOf(transfer);
  const [method, setMethod] = useState<ApprovalType>(methods[0] ?? 'IMPLICIT');
  const ownState = entryState(entries, ownKey);
  const counterState = entryState(entries, counterKey);
  const place = [transfer.place?.name, transfer.place?.cityName].filter(Boolean).join(', ');
  const location = useDeviceLocation();
  const common = {
    action: transfer.action,
    previousCommits: document.previousCommits,
    ...(place ? { place } : {}),
    // Taken when the approval is made, so one queued offline keeps where it was given.
    ...locationOf(location),
    ...(transfer.action === 'CARRIER_TO_CARRIER' && transfer.toRoleId ? { counterPartyRoleId: transfer.toRoleId } : {}),
  };
  const mineApproved = transfer.side === 'RECEIVING' ? transfer.counterPartyApproved : transfer.carrierApproved;
  const canApprove = document.allowedActions.includes(APPROVE[transfer.action]) && !mineApproved;
  const canRecord = transfer.side === 'CARRIER' && document.allowedActions.includes('RECORD_COUNTERPARTY_APPROVAL') && !transfer.counterPartyApproved;
  // Names once: the consignor is often its own place of taking over.
  const names = [...new Set(transfer.counterParties.map((party) => party.name ?? label('role', party.role)))].join(', ');
  const record = (evidence?: Record<string, unknown>) => setCounterKey(submit('recordCounterParty', { ...common, ...(evidence ? { evidence } : {}) }));
  // A code or a signature taken here ends in the same full-screen result as an answer from the phone.
  const recordWatched = (type: 'TFA' | 'SIGN_ON_GLASS', evidence: Record<string, unknown>) => {
    onWatch({ type, until: Date.now(), polling: false });
    record(evidence);
  };

  return (
    <section className="panel tablet-panel" aria-labelledby="approve-title">
      <h2 id="approve-title">{t('title')}</h2>
      <p className="hint" role="status" data-testid="device-location" data-state={location.state}>
        {location.state === 'found'
          ? t('location.found', { latitude: location.latitude, longitude: location.longitude, accuracy: Math.round(location.accuracyMeters) })
          : t(`location.${location.state}`)}
      </p>

      <div className="approval-step">
        <h3>{t('mine')}</h3>
        {mineApproved ? (
          <p className="state-done" data-testid="own-approved">
            {t('mineDone')}
          </p>
        ) : canApprove ? (
          <button
            type="button"
            className="button button-primary button-large"
            disabled={ownState === 'waiting' || ownState === 'sending'}
            onClick={() => setOwnKey(submit('approveOwn', { ...common, ownRole: transfer.myRole }))}
          >
            {transfer.side === 'RECEIVING' ? t('approveReceiving') : t('approveMine')}
          </button>
        ) : (
          <p className="hint">{t('mineNotNow')}</p>
        )}
      </div>

      {transfer.side === 'CARRIER' ? (
        <div className="approval-step">
          <h3>{t('theirs', { names })}</h3>
          {transfer.counterPartyApproved ? (
            <p className="state-done" data-testid="counter-party-approved">
              {t('theirsDone')}
            </p>
          ) : canRecord ? (
            <>
              {transfer.methods.includes('OWN') && !methods.includes('OWN') ? <p className="hint">{t('theyMayUseOwn')}</p> : null}
              <fieldset className="method-choice">
                <legend>{t('method')}</legend>
                {methods.map((candidate) => (
                  <label key={candidate} className={`method-option${method === candidate ? ' method-selected' : ''}`}>
                    <input type="radio" name="method" value={candidate} checked={method === candidate} onChange={() => setMethod(candidate)} />
                    {t(`methods.${candidate}`)}
                  </label>
                ))}
              </fieldset>
              {method === 'SIGN_ON_GLASS' && document.allowedActions.includes('CREATE_HANDOVER_LINK') ? (
                <HandoverQrPanel
                  freightDocumentId={document.freightDocumentId}
                  transfer={transfer}
                  onLink={(link: HandoverLinkResponse) => onWatch({ type: 'SIGN_ON_GLASS', until: Date.parse(link.expiresAt) })}
                />
              ) : null}
              {method === 'OWN' ? (
                <OwnApprovalQrPanel freightDocumentId={document.freightDocumentId} onShow={() => onWatch({ type: 'OWN', until: Date.now() + OWN_WATCH_MS })} />
              ) : method === 'SIGN_ON_GLASS' ? (
                <SignaturePanel
                  busy={counterState === 'sending'}
                  onSign={({ name, email, png }) =>
                    recordWatched('SIGN_ON_GLASS', {
                      signedOnGlassBy: { name, ...(email ? { email } : {}) },
                      attachments: [{ content: png, mimeType: 'image/png', name: 'signature', originalFileName: 'signature.png' }],
                    })
                  }
                />
              ) : method === 'TFA' && transfer.secrets?.s1 ? (
                <TfaPanel
                  serviceNumber={document.serviceNumber}
                  s1={transfer.secrets.s1}
                  s3={transfer.secrets.s3}
                  comments={comments}
                  busy={counterState === 'sending'}
                  onConfirm={(responseCode) => recordWatched('TFA', { responseCode })}
                />
              ) : method === 'TFA' ? (
                <p className="hint">{t('noSecrets')}</p>
              ) : (
                <div className="form">
                  <p>{t('implicitExplained')}</p>
                  <div className="actions">
                    <button type="button" className="button button-primary button-large" disabled={counterState === 'sending'} onClick={() => record()}>
                      {t('recordImplicit')}
                    </button>
                  </div>
                </div>
              )}
            </>
          ) : (
            <p className="hint">{t('theirsNotNow')}</p>
          )}
        </div>
      ) : null}
    </section>
  );
}
