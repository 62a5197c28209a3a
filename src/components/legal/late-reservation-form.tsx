'use client';
import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useRef, useState } from 'react';
import { errorsFromCall, type FieldError } from '@/components/forms/errors';
import type { ReservationKind } from '@/lib/domain/legal-events';
import type { FreightDocumentResponse } from '@/lib/schemas/freight-document-response';
import { useTRPC } from '@/lib/trpc/client';
import type { Photo } from '@/components/tablet/photo-field';
import { GoodsLineChoice } from './goods-line-choice';
import { PhotosField, photosAttachments } from './photos-field';
import { Done, LegalErrors, useKeepDocument } from './legal-bits';
import { deadlineOf, deliveredAtOf, TimeLeft } from './time-left';

type LateStage = 'AFTER_DELIVERY' | 'DELAY';
const KINDS: Record<LateStage, readonly ReservationKind[]> = { AFTER_DELIVERY: ['DAMAGE', 'LOSS', 'SHORTAGE', 'OTHER'], DELAY: ['DELAY'] };

/**
 * The consignee's reservations after the delivery (CMR art. 30): loss or damage not apparent (7 days, Sundays not
 * counted) and delay (21 days), each with the time left in its window. A late one is still recorded; the service
 * marks it (`withinTimeLimit`). Sent as a comment with a `reservation` and its photos (up to three) as the comment's
 * attachments, as over REST (issue 34: the hidden damage is photographed when it is found).
 */
export function LateReservationForm({ document }: { document: FreightDocumentResponse }) {
  const t = useTranslations('legal');
  const trpc = useTRPC();
  const keep = useKeepDocument(document.freightDocumentId);
  const reserve = useMutation(trpc.tablet.comment.mutationOptions());
  const inFlight = useRef(false);
  const [stage, setStage] = useState<LateStage>('AFTER_DELIVERY');
  const [kind, setKind] = useState<ReservationKind>('DAMAGE');
  const [text, setText] = useState('');
  const [lines, setLines] = useState<number[]>([]);
  const [photos, setPhotos] = useState<Photo[]>([]);
  // A new file input after each reservation recorded: it cannot be emptied by state.
  const [round, setRound] = useState(0);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [done, setDone] = useState(false);
  const deliveredAt = deliveredAtOf(document);
  const now = new Date();

  const send = () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setErrors([]);
    setDone(false);
    reserve.mutate(
      {
        freightDocumentId: document.freightDocumentId,
        body: {
          text,
          previousCommits: document.previousCommits,
          reservation: { stage, kind, ...(lines.length ? { goodsLines: lines } : {}) },
          ...photosAttachments(photos),
        },
      },
      {
        onSuccess: async () => {
          await keep();
          setText('');
          setLines([]);
          setPhotos([]);
          setRound(round + 1);
          setDone(true);
        },
        onError: (error) => setErrors(errorsFromCall(error)),
        onSettled: () => {
          inFlight.current = false;
        },
      },
    );
  };

  return (
    <form
      className="form legal-form"
      aria-labelledby="late-reservation-title"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <h3 id="late-reservation-title">{t('late.title')}</h3>
      <fieldset className="choice-list">
        <legend>{t('late.which')}</legend>
        {(['AFTER_DELIVERY', 'DELAY'] as const).map((candidate) => (
          <label key={candidate} className="choice choice-block">
            <input
              type="radio"
              name="late-stage"
              value={candidate}
              checked={stage === candidate}
              onChange={() => {
                setStage(candidate);
                setKind(KINDS[candidate][0]!);
              }}
            />
            <span>
              <strong>{t(`stage.${candidate}`)}</strong>
              <span className="hint"> {t(candidate === 'AFTER_DELIVERY' ? 'late.afterDelivery' : 'late.delay')}</span>
              {deliveredAt ? <TimeLeft deadline={deadlineOf(candidate, deliveredAt)} now={now} testId={`time-left-${candidate}`} /> : null}
            </span>
          </label>
        ))}
      </fieldset>
      {KINDS[stage].length > 1 ? (
        <div className="field">
          <label htmlFor="late-kind">{t('late.kind')}</label>
          <select id="late-kind" className="input" value={kind} onChange={(event) => setKind(event.target.value as ReservationKind)}>
            {KINDS[stage].map((candidate) => (
              <option key={candidate} value={candidate}>
                {t(`reservationKind.${candidate}`)}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <GoodsLineChoice idPrefix="late" document={document} selected={lines} onChange={setLines} legend={t('late.lines')} />
      <div className="field">
        <label htmlFor="late-text">{t('late.text')}</label>
        <textarea id="late-text" className="input" rows={3} value={text} onChange={(event) => setText(event.target.value)} />
      </div>
      <PhotosField id="late-photo" photos={photos} round={round} onChange={setPhotos} />
      <LegalErrors errors={errors} testId="late-reservation-errors" />
      <Done text={done ? t('late.done') : undefined} testId="late-reservation-done" />
      <div className="actions">
        <button type="submit" className="button button-primary" disabled={reserve.isPending} aria-busy={reserve.isPending || undefined}>
          {t('late.submit')}
        </button>
      </div>
    </form>
  );
}
