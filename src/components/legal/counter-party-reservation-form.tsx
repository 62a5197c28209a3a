'use client';
import { useTranslations } from 'next-intl';
import { useState, type ReactNode } from 'react';
import type { Photo } from '@/components/tablet/photo-field';
import type { ReservationKind } from '@/lib/domain/legal-events';
import { GoodsLineChoice, type ReservableGoods } from './goods-line-choice';
import { PhotosField } from './photos-field';
import { ReservationKindButtons } from './reservation-kind-buttons';

/** A reservation as the counter party writes it: photos downscaled on the device (photo.ts), not sent yet. */
export interface ReservationDraft {
  kind: ReservationKind;
  text: string;
  goodsLines: number[];
  photos: Photo[];
}

/**
 * The counter party's own reservation before it confirms a hand-over (contract §7, §14), on the hand-over page and the
 * portal's approval alike: what is wrong as a large button (the tablet's kinds), the goods lines, a text and up to
 * three camera photos. The parent sends it (`onAdd`, resolving true once it is taken) and says what came of it.
 */
export function CounterPartyReservationForm(props: {
  goods: ReservableGoods;
  busy: ReactNode | undefined;
  onAdd: (draft: ReservationDraft) => Promise<boolean>;
  children?: ReactNode;
}) {
  const t = useTranslations('legal');
  const [kind, setKind] = useState<ReservationKind>();
  const [lines, setLines] = useState<number[]>([]);
  const [text, setText] = useState('');
  const [photos, setPhotos] = useState<Photo[]>([]);
  // A file input cannot be emptied by state: a new one for each photo taken.
  const [round, setRound] = useState(0);
  const [attempted, setAttempted] = useState(false);
  const missing = [...(kind ? [] : [t('tablet.pickKind')]), ...(text.trim() ? [] : [t('tablet.writeText')])];

  const add = async () => {
    setAttempted(true);
    if (missing.length || !kind || props.busy) return;
    if (!(await props.onAdd({ kind, text: text.trim(), goodsLines: lines, photos }))) return;
    setKind(undefined);
    setLines([]);
    setText('');
    setPhotos([]);
    setRound(round + 1);
    setAttempted(false);
  };

  return (
    <form
      className="form counter-party-form"
      noValidate
      data-testid="counter-party-reservation-form"
      onSubmit={(event) => {
        event.preventDefault();
        void add();
      }}
    >
      <ReservationKindButtons idPrefix="counter-party" kind={kind} onChange={setKind} />
      <GoodsLineChoice idPrefix="counter-party" document={props.goods} selected={lines} onChange={setLines} legend={t('tablet.lines')} large />
      <div className="field">
        <label htmlFor="counter-party-text">{t('tablet.text')}</label>
        <textarea
          id="counter-party-text"
          className="input input-large"
          rows={3}
          required
          aria-invalid={attempted && !text.trim() ? true : undefined}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </div>
      <PhotosField id="counter-party-photo" photos={photos} round={round} onChange={setPhotos} />
      <div className="actions">
        <button type="submit" className="button button-primary button-large" disabled={Boolean(props.busy)} aria-busy={Boolean(props.busy) || undefined}>
          {props.busy ?? t('counterParty.add')}
        </button>
      </div>
      {attempted && missing.length ? (
        <p className="field-error" role="alert" data-testid="counter-party-reservation-missing">
          {missing.join(' ')}
        </p>
      ) : null}
      {props.children}
    </form>
  );
}
