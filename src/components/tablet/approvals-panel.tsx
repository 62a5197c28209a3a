'use client';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useEnumLabel } from '@/components/i18n/labels';
import { APPROVE_ACTION } from '@/lib/domain/action-rules';
import type { ApprovalType } from '@/lib/domain/transfers';
import type { FreightDocumentResponse } from '@/lib/schemas/freight-document-response';
import type { HandOverTransfer } from '@/lib/schemas/tablet';
import type { OutboxEntry, Submit } from '@/lib/tablet/outbox';
import { locationOf, useDeviceLocation } from './device-location';
import { useRefusalText } from '@/components/offline/refusal-text';
import { isOpen } from '@/lib/tablet/outbox';
import { entryState } from './outbox-status';
import { HandoverQrPanel } from './handover-qr-panel';
import { OwnApprovalQrPanel } from './own-approval-qr-panel';
import { CounterPartyEvidence } from './counter-party-evidence';

const RECORDED: ApprovalType[] = ['SIGN_ON_GLASS', 'TFA', 'IMPLICIT'];

interface Props {
  document: FreightDocumentResponse;
  transfer: HandOverTransfer;
  /** The comment texts the TFA challenge covers: the document's and those waiting in the outbox. */
  comments: string[];
  entries: OutboxEntry[];
  submit: Submit;
}

/** A choice of the counter party's way: an approval type, or `LINK`, a signature on their own phone (a sign-on-glass too). */
type Choice = ApprovalType | 'LINK';

/**
 * The ways the counter party confirms, in the order offered. Where the transfer lists sign-on-glass (delivery only),
 * signing on their own phone through the one-time hand-over link is a choice of its own beside the signature on this
 * screen (issue 34 item 5); elsewhere, where it lists OWN, the portal's approval by QR code comes first (issue 19
 * item 4).
 */
function methodsOf(transfer: HandOverTransfer, canLink: boolean): Choice[] {
  const recorded = transfer.methods.filter((method) => RECORDED.includes(method));
  if (transfer.methods.includes('SIGN_ON_GLASS'))
    return canLink ? recorded.flatMap((method) => (method === 'SIGN_ON_GLASS' ? [method, 'LINK' as const] : [method])) : recorded;
  return transfer.methods.includes('OWN') ? ['OWN', ...recorded] : recorded;
}

/**
 * The approvals of one transfer: the driver's own (on its account), then the counter party's by one of the
 * methods the document allows (sign on glass, two-factor code, implicit). Which buttons show is the access
 * resolver's `allowedActions`; what has been approved comes with the transfer.
 */
export function ApprovalsPanel({ document, transfer, comments, entries, submit }: Props) {
  const t = useTranslations('tablet.approve');
  const label = useEnumLabel();
  const refusal = useRefusalText();
  const [ownKey, setOwnKey] = useState<string>();
  const [counterKey, setCounterKey] = useState<string>();
  const methods = methodsOf(transfer, document.allowedActions.includes('CREATE_HANDOVER_LINK'));
  const [method, setMethod] = useState<Choice>(methods[0] ?? 'IMPLICIT');
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
  const canApprove = document.allowedActions.includes(APPROVE_ACTION[transfer.action]) && !mineApproved;
  const canRecord = transfer.side === 'CARRIER' && document.allowedActions.includes('RECORD_COUNTERPARTY_APPROVAL') && !transfer.counterPartyApproved;
  // Names once: the consignor is often its own place of taking over.
  const names = [...new Set(transfer.counterParties.map((party) => party.name ?? label('role', party.role)))].join(', ');
  // The counter party's approval names the heads its screen showed (contract §14), not the newest the tablet knows.
  const record = (evidence: Record<string, unknown> | undefined, previousCommits: string[]) =>
    setCounterKey(submit('recordCounterParty', { ...common, previousCommits, ...(evidence ? { evidence } : {}) }));
  // Queued is never shown as done (issue 31 item 2): until the server has it, it is "saved on this tablet".
  const ownQueued = entries.some((entry) => isOpen(entry) && entry.kind === 'approveOwn' && entry.body.action === transfer.action);
  const counterQueued = entries.find(
    (entry): entry is Extract<OutboxEntry, { kind: 'recordCounterParty' }> =>
      isOpen(entry) && entry.kind === 'recordCounterParty' && entry.body.action === transfer.action,
  );
  const queuedCode = Boolean(counterQueued && (counterQueued.body.evidence as { responseCode?: unknown } | undefined)?.responseCode);
  const counterRefused = entries.find((entry) => entry.key === counterKey && entry.state === 'failed');
  const counterFeedback = counterQueued ? (
    <p className="state-waiting queued-note" role="status" data-testid="counter-queued">
      {queuedCode ? t('queued.code') : t('queued.theirs')}
    </p>
  ) : counterRefused ? (
    <p className="field-error" role="alert" data-testid="counter-refused" data-refusal-for={counterRefused.key}>
      {refusal.why(counterRefused)} {refusal.next(counterRefused)}
    </p>
  ) : null;

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
            disabled={ownQueued || ownState === 'sending'}
            onClick={() => setOwnKey(submit('approveOwn', { ...common, ownRole: transfer.myRole }))}
          >
            {transfer.side === 'RECEIVING' ? t('approveReceiving') : t('approveMine')}
          </button>
        ) : (
          <p className="hint">{t('mineNotNow')}</p>
        )}
        {!mineApproved && ownQueued ? (
          <p className="state-waiting queued-note" role="status" data-testid="own-queued">
            {t('queued.own')}
          </p>
        ) : null}
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
              {transfer.action === 'DELIVERY' ? null : (
                <p className="hint" data-testid="no-sign-on-glass">
                  {t('noSignOnGlass')}
                </p>
              )}
              <fieldset className="method-choice">
                <legend>{t('method')}</legend>
                {methods.map((candidate) => (
                  <label key={candidate} className={`method-option${method === candidate ? ' method-selected' : ''}`}>
                    <input type="radio" name="method" value={candidate} checked={method === candidate} onChange={() => setMethod(candidate)} />
                    {t(`methods.${candidate}`)}
                  </label>
                ))}
              </fieldset>
              {method === 'LINK' ? (
                <HandoverQrPanel freightDocumentId={document.freightDocumentId} transfer={transfer} />
              ) : method === 'OWN' ? (
                <OwnApprovalQrPanel freightDocumentId={document.freightDocumentId} />
              ) : (
                <CounterPartyEvidence
                  key={method}
                  method={method}
                  document={document}
                  transfer={transfer}
                  comments={comments}
                  busy={counterState === 'sending'}
                  onRecord={record}
                />
              )}
            </>
          ) : (
            <p className="hint">{t('theirsNotNow')}</p>
          )}
          {transfer.counterPartyApproved ? null : counterFeedback}
        </div>
      ) : null}
    </section>
  );
}
