'use client';
import { useTranslations } from 'next-intl';
import { useLocalTime } from '@/components/i18n/date-time';
import type { HandoverReservation } from '@/lib/schemas/handover';

/**
 * The reservations a counter party accepts by confirming a hand-over (CMR art. 8(2), contract §14), by kind in the
 * reader's language: on the phone page, the hand-over link page and the portal's approval alike.
 */
export function AcceptingReservations({ reservations }: { reservations: readonly HandoverReservation[] }) {
  const t = useTranslations('legal');
  const clock = useLocalTime();
  return (
    <section aria-labelledby="accepting-title" data-testid="accepting-reservations">
      <h3 id="accepting-title">{t('accepting.title')}</h3>
      {reservations.length === 0 ? (
        <p>{t('accepting.none')}</p>
      ) : (
        <>
          <p>{t('accepting.lead')}</p>
          <ul className="legal-list">
            {reservations.map((reservation, index) => (
              <li key={index} className="legal-item legal-item-pending" data-testid="accepting-reservation">
                <p className="legal-item-title">
                  <strong>{t(`reservationKind.${reservation.kind}`)}</strong>
                </p>
                {reservation.text ? <p>{reservation.text}</p> : null}
                {reservation.goodsLines.length ? <p className="hint">{t('reservations.lines', { lines: reservation.goodsLines.join(', ') })}</p> : null}
                {reservation.photos ? <p className="hint">{t('reservations.photos', { count: reservation.photos })}</p> : null}
                <p className="hint">
                  {t('reservations.by', { name: reservation.by ?? '—', time: reservation.at ? clock(reservation.at, { style: 'clock' }) : '' })}
                </p>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
