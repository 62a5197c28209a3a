'use client';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { GoodsLineChoice } from '@/components/legal/goods-line-choice';
import { ReservationList } from '@/components/legal/reservation-list';
import { STAGE_OF_TRANSFER, type ReservationKind } from '@/lib/domain/legal-events';
import type { FreightDocumentResponse } from '@/lib/schemas/freight-document-response';
import type { HandOverTransfer } from '@/lib/schemas/tablet';
import type { OutboxEntry, Submit } from '@/lib/tablet/outbox';
import { entryState } from './outbox-status';
import { photoAttachments } from './photo-field';
import { TextAndPhotoForm, useTextAndPhotoDraft } from './text-and-photo-form';
import '@/components/legal/legal.css';

/** The kinds a driver meets at a hand-over, as large buttons; the rest of the list is for after delivery. */
const COMMON_KINDS: readonly ReservationKind[] = ['CONDITION', 'PACKAGING', 'COUNT', 'DAMAGE', 'SHORTAGE', 'MARKS', 'WEIGHT', 'OTHER'];

/** Whether the caller records reservations at this hand-over now: the stage's side, before its approval. */
function reservesHere(document: FreightDocumentResponse, transfer: HandOverTransfer): boolean {
  if (!document.allowedActions.includes('RESERVE')) return false;
  if (transfer.action === 'COLLECTION') return transfer.side === 'CARRIER' && !transfer.carrierApproved;
  if (transfer.action === 'CARRIER_TO_CARRIER') return transfer.side === 'RECEIVING' && !transfer.counterPartyApproved;
  return transfer.side === 'CARRIER' && !transfer.counterPartyApproved;
}

/**
 * The "Reservations" step of the hand-over (CMR art. 8, contract §14), before the approvals: what is wrong as a
 * large button, the goods lines it concerns, a text and a photo. Sent through the outbox as a comment with a
 * `reservation`, so the TFA codes cover it and the counter party's approval accepts it.
 */
export function ReservationsStep(props: { document: FreightDocumentResponse; transfer: HandOverTransfer; entries: OutboxEntry[]; submit: Submit }) {
  const { document, transfer } = props;
  const t = useTranslations('legal');
  const [kind, setKind] = useState<ReservationKind>();
  const [lines, setLines] = useState<number[]>([]);
  const draft = useTextAndPhotoDraft();
  const { text, photo } = draft;
  const [missingKind, setMissingKind] = useState(false);
  const [key, setKey] = useState<string>();
  const state = entryState(props.entries, key);
  const stage = STAGE_OF_TRANSFER[transfer.action];

  // Once the server (or, offline, the outbox) has it, the step is ready for the next one; the outbox line says which.
  if ((state === 'sent' || state === 'waiting') && key) {
    setKind(undefined);
    setLines([]);
    draft.clear();
    setKey(undefined);
  }
  if (!reservesHere(document, transfer)) return null;

  return (
    <section className="panel tablet-panel" aria-labelledby="reservations-title" data-testid="reservations-step">
      <h2 id="reservations-title">{t('tablet.reservationsTitle')}</h2>
      <p className="hint">{t('tablet.reservationsLead')}</p>
      <h3>{t('tablet.onRecord')}</h3>
      <ReservationList document={document} stages={[stage]} showStage={false} />
      <TextAndPhotoForm
        idPrefix="reservation"
        labels={{ text: t('tablet.text'), photo: t('tablet.photo'), submit: t('tablet.add') }}
        photoTexts={{ failed: t('tablet.photoFailed'), previewAlt: t('tablet.photoPreview') }}
        draft={draft}
        submitDisabled={state === 'sending'}
        onSubmit={() => {
          if (!kind) return setMissingKind(true);
          if (state === 'sending') return;
          setKey(
            props.submit('comment', {
              previousCommits: document.previousCommits,
              // The text is what the TFA codes and the paper box carry: the kind's words when nothing was typed.
              text: text.trim() || t(`reservationKind.${kind}`),
              reservation: { stage, kind, ...(lines.length ? { goodsLines: lines } : {}) },
              ...photoAttachments(photo),
            }),
          );
        }}
      >
        <div role="group" aria-labelledby="reservation-kinds" className="field">
          <p id="reservation-kinds" className="legal-label">
            {t('tablet.kinds')}
          </p>
          <div className="kind-buttons">
            {COMMON_KINDS.map((candidate) => (
              <button
                key={candidate}
                type="button"
                className={`button button-large ${kind === candidate ? 'button-primary' : 'button-secondary'}`}
                aria-pressed={kind === candidate}
                onClick={() => (setKind(candidate), setMissingKind(false))}
              >
                {t(`reservationKind.${candidate}`)}
              </button>
            ))}
          </div>
          {missingKind ? (
            <p className="field-error" role="alert">
              {t('tablet.pickKind')}
            </p>
          ) : null}
        </div>
        <GoodsLineChoice idPrefix="reservation" document={document} selected={lines} onChange={setLines} legend={t('tablet.lines')} large />
      </TextAndPhotoForm>
    </section>
  );
}
