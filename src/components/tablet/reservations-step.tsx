'use client';
import { useTranslations } from 'next-intl';
import { useRef, useState } from 'react';
import { useDeviceIfAny } from '@/components/offline/device-provider';
import { GoodsLineChoice } from '@/components/legal/goods-line-choice';
import { ReservationKindButtons } from '@/components/legal/reservation-kind-buttons';
import { lineNames, ReservationList } from '@/components/legal/reservation-list';
import { STAGE_OF_TRANSFER, type ReservationKind } from '@/lib/domain/legal-events';
import type { FreightDocumentResponse } from '@/lib/schemas/freight-document-response';
import type { HandOverTransfer } from '@/lib/schemas/tablet';
import type { OutboxEntry, Submit } from '@/lib/tablet/outbox';
import { entryState } from './outbox-status';
import { photoAttachments } from './photo-field';
import { TextAndPhotoForm, useTextAndPhotoDraft } from './text-and-photo-form';
import { mayWithdraw, WithdrawReservation, withdrawnHere } from './withdraw-reservation';
import '@/components/legal/legal.css';

/** Whether the caller records reservations at this hand-over now: the stage's side, before its approval. */
function reservesHere(document: FreightDocumentResponse, transfer: HandOverTransfer): boolean {
  if (!document.allowedActions.includes('RESERVE')) return false;
  if (transfer.action === 'COLLECTION') return transfer.side === 'CARRIER' && !transfer.carrierApproved;
  if (transfer.action === 'CARRIER_TO_CARRIER') return transfer.side === 'RECEIVING' && !transfer.counterPartyApproved;
  return transfer.side === 'CARRIER' && !transfer.counterPartyApproved;
}

/**
 * The "Reservations" step of the hand-over (CMR art. 8, contract §14), before the approvals: what is wrong as a
 * large button, the goods lines it concerns, a text (required: the kind alone says too little, issue 31 item 5) and a
 * photo; then what will be recorded, to confirm. Sent through the outbox as a comment with a `reservation`, so the TFA
 * codes cover it and the counter party's approval accepts it — unless the counter party has approved already, which
 * the step then says. Its author can withdraw it until the counter party answered, so the step stays (list only) after
 * the driver's own approval while one of its reservations can still be withdrawn.
 */
export function ReservationsStep(props: { document: FreightDocumentResponse; transfer: HandOverTransfer; entries: OutboxEntry[]; submit: Submit }) {
  const { document, transfer } = props;
  const t = useTranslations('legal');
  const [kind, setKind] = useState<ReservationKind>();
  const [lines, setLines] = useState<number[]>([]);
  const draft = useTextAndPhotoDraft();
  const { text, photo } = draft;
  const [attempted, setAttempted] = useState(false);
  const [preview, setPreview] = useState(false);
  const [key, setKey] = useState<string>();
  const state = entryState(props.entries, key);
  const stage = STAGE_OF_TRANSFER[transfer.action];
  const confirmButton = useRef<HTMLButtonElement>(null);
  // The portal's carrier panels (issue 34) use this step without the tablet's device: no account there, so no Withdraw
  // (the tablet's withdrawal goes through its outbox, keyed by the device's account).
  const accountId = useDeviceIfAny()?.accountId;

  // Once the server (or, offline, the outbox) has it, the step is ready for the next one; the outbox line says which.
  if ((state === 'sent' || state === 'waiting') && key) {
    setKind(undefined);
    setLines([]);
    draft.clear();
    setKey(undefined);
    setAttempted(false);
    setPreview(false);
  }
  const withdrawable = (document.comments ?? []).some(
    (comment) =>
      comment.reservation?.stage === stage &&
      (mayWithdraw(document, { ...comment, reservation: comment.reservation }, accountId) || withdrawnHere(props.entries, comment.commentId)),
  );
  const reserving = reservesHere(document, transfer);
  if (!reserving && !withdrawable) return null;

  const missing = [...(kind ? [] : [t('tablet.pickKind')]), ...(text.trim() ? [] : [t('tablet.writeText')])];
  const counterPartyFirst = transfer.side === 'CARRIER' ? transfer.counterPartyApproved : transfer.carrierApproved;
  const lineText = lineNames(document, lines);

  return (
    <section className="panel tablet-panel" aria-labelledby="reservations-title" data-testid="reservations-step">
      <h2 id="reservations-title">{t('tablet.reservationsTitle')}</h2>
      {reserving ? (
        <p className={counterPartyFirst ? 'legal-warning' : 'hint'} data-testid="reservations-lead">
          {counterPartyFirst ? t('tablet.reservationsLeadApproved') : t('tablet.reservationsLead')}
        </p>
      ) : null}
      <h3>{t('tablet.onRecord')}</h3>
      <ReservationList
        document={document}
        stages={[stage]}
        showStage={false}
        action={(comment) =>
          mayWithdraw(document, comment, accountId) || withdrawnHere(props.entries, comment.commentId) ? (
            <WithdrawReservation document={document} comment={comment} entries={props.entries} submit={props.submit} />
          ) : null
        }
      />
      {!reserving ? null : preview && kind ? (
        <div className="panel reservation-preview" role="region" aria-labelledby="reservation-preview-title" data-testid="reservation-preview">
          <h3 id="reservation-preview-title">{t('tablet.previewTitle')}</h3>
          <dl className="summary-grid">
            <div>
              <dt>{t('tablet.kinds')}</dt>
              <dd>{t(`reservationKind.${kind}`)}</dd>
            </div>
            <div>
              <dt>{t('tablet.text')}</dt>
              <dd className="preformatted">{text.trim()}</dd>
            </div>
            <div>
              <dt>{t('tablet.lines')}</dt>
              <dd>{lineText.length ? lineText.join(', ') : t('tablet.allLines')}</dd>
            </div>
            {photo ? (
              <div>
                <dt>{t('tablet.photo')}</dt>
                <dd>{t('tablet.withPhoto')}</dd>
              </div>
            ) : null}
          </dl>
          <p className="hint">{counterPartyFirst ? t('tablet.previewNotAccepted') : t('tablet.previewAccepted')}</p>
          <div className="actions">
            <button
              ref={confirmButton}
              type="button"
              className="button button-primary button-large"
              disabled={state === 'sending'}
              onClick={() => {
                if (state === 'sending') return;
                setKey(
                  props.submit('comment', {
                    previousCommits: document.previousCommits,
                    text: text.trim(),
                    reservation: { stage, kind, ...(lines.length ? { goodsLines: lines } : {}) },
                    ...photoAttachments(photo),
                  }),
                );
              }}
            >
              {t('tablet.record')}
            </button>
            <button type="button" className="button button-secondary button-large" onClick={() => setPreview(false)}>
              {t('tablet.change')}
            </button>
          </div>
        </div>
      ) : (
        <TextAndPhotoForm
          idPrefix="reservation"
          labels={{ text: t('tablet.text'), photo: t('tablet.photo'), submit: t('tablet.add') }}
          photoTexts={{ failed: t('tablet.photoFailed'), previewAlt: t('tablet.photoPreview') }}
          draft={draft}
          textRequired
          textError={attempted && !text.trim() ? t('tablet.writeText') : undefined}
          submitDisabled={state === 'sending'}
          submitError={
            attempted && missing.length ? (
              <p className="field-error" role="alert" data-testid="reservation-missing">
                {missing.join(' ')}
              </p>
            ) : undefined
          }
          onSubmit={() => {
            setAttempted(true);
            if (missing.length) return;
            setPreview(true);
            window.setTimeout(() => confirmButton.current?.focus(), 0);
          }}
        >
          <ReservationKindButtons
            idPrefix="reservation"
            kind={kind}
            onChange={setKind}
            error={
              attempted && !kind ? (
                <p className="field-error" id="reservation-kind-error">
                  {t('tablet.pickKind')}
                </p>
              ) : null
            }
          />
          <GoodsLineChoice idPrefix="reservation" document={document} selected={lines} onChange={setLines} legend={t('tablet.lines')} large />
        </TextAndPhotoForm>
      )}
    </section>
  );
}
