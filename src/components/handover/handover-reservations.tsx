'use client';
import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { errorsFromCall, useErrorMessage } from '@/components/forms/errors';
import { CounterPartyReservationForm, type ReservationDraft } from '@/components/legal/counter-party-reservation-form';
import { Done } from '@/components/legal/legal-bits';
import type { HandoverPageReservation, HandoverView } from '@/lib/schemas/handover';
import { useTRPC } from '@/lib/trpc/client';
import '@/components/legal/legal.css';

/** A reservation the page will send with the confirmation, and what the signer reads of it. */
export type PageReservation = HandoverPageReservation & { photoCount: number };

/**
 * The counter party's reservations on the hand-over page (contract §7, §14): delivery only. Each photo goes to the page's
 * own upload as it is added (one per request, downscaled on the phone); the reservations themselves are recorded with
 * the confirmation, for the signer, so nothing is on record before the signer confirms.
 */
export function HandoverReservations(props: {
  token: string;
  view: HandoverView;
  reservations: PageReservation[];
  onChange: (reservations: PageReservation[]) => void;
}) {
  const t = useTranslations('legal');
  const messageFor = useErrorMessage();
  const trpc = useTRPC();
  const upload = useMutation(trpc.tablet.handoverPhoto.mutationOptions());
  const [failure, setFailure] = useState<string>();
  // Said at the button: on a phone the list above it, where the reservation now shows, is out of sight.
  const [done, setDone] = useState<string>();
  if (props.view.action !== 'DELIVERY') return null;

  const add = async (draft: ReservationDraft): Promise<boolean> => {
    setFailure(undefined);
    setDone(undefined);
    const photoIds: string[] = [];
    try {
      for (const photo of draft.photos) {
        const stored = await upload.mutateAsync({ token: props.token, content: photo.content });
        if (stored.outcome !== 'STORED') return (setFailure(t('counterParty.failed', { message: stored.outcome })), false);
        photoIds.push(stored.photoId);
      }
    } catch (error) {
      const [first] = errorsFromCall(error);
      setFailure(t('counterParty.failed', { message: first ? messageFor(first) : String(error) }));
      return false;
    }
    props.onChange([
      ...props.reservations,
      {
        kind: draft.kind,
        text: draft.text,
        ...(draft.goodsLines.length ? { goodsLines: draft.goodsLines } : {}),
        ...(photoIds.length ? { photoIds } : {}),
        photoCount: photoIds.length,
      },
    ]);
    setDone(t('counterParty.addedPage'));
    return true;
  };
  const names = new Map(props.view.structuredGoods.map((line) => [line.productId, line.name]));

  return (
    <section className="panel tablet-panel" aria-labelledby="page-reservations-title" data-testid="handover-reservations">
      <h2 id="page-reservations-title">{t('counterParty.title')}</h2>
      <p className="hint">{t('counterParty.leadPage')}</p>
      {props.reservations.length ? (
        <>
          <h3>{t('counterParty.addedTitle')}</h3>
          <p className="hint">{t('counterParty.addedLeadPage')}</p>
          <ul className="plain-list reservation-list" data-testid="handover-reservations-added">
            {props.reservations.map((reservation, index) => (
              <li key={index}>
                <strong>{t(`reservationKind.${reservation.kind}`)}</strong>: {reservation.text}
                {reservation.goodsLines?.length ? ` (${reservation.goodsLines.map((id) => names.get(id) ?? id).join(', ')})` : ''} ·{' '}
                {t('counterParty.photoCount', { count: reservation.photoCount })}{' '}
                <button
                  type="button"
                  className="button button-secondary"
                  onClick={() => props.onChange(props.reservations.filter((_, other) => other !== index))}
                >
                  {t('counterParty.remove')}
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <CounterPartyReservationForm goods={props.view} busy={upload.isPending ? t('counterParty.sendingPhotos') : undefined} onAdd={add}>
        {failure ? (
          <p className="field-error" role="alert" data-testid="handover-reservation-failed">
            {failure}
          </p>
        ) : null}
        <Done text={done} testId="handover-reservation-done" keepInSight />
      </CounterPartyReservationForm>
    </section>
  );
}
