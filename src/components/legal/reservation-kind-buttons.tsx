'use client';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import type { ReservationKind } from '@/lib/domain/legal-events';

/** The kinds a driver or counter party meets at a hand-over, as large buttons; the rest of the list is for after delivery. */
export const COMMON_KINDS: readonly ReservationKind[] = ['CONDITION', 'PACKAGING', 'COUNT', 'DAMAGE', 'SHORTAGE', 'MARKS', 'WEIGHT', 'OTHER'];

/**
 * "What is wrong" as a row of large toggle buttons, one pressed: the driver's Reservations step and the counter
 * party's own reservation form (hand-over link page, portal approval) choose the kind alike. `error` shows under the row.
 */
export function ReservationKindButtons(props: {
  idPrefix: string;
  kind: ReservationKind | undefined;
  onChange: (kind: ReservationKind) => void;
  error?: ReactNode;
}) {
  const t = useTranslations('legal');
  const labelId = `${props.idPrefix}-kinds`;
  return (
    <div role="group" aria-labelledby={labelId} className="field">
      <p id={labelId} className="legal-label">
        {t('tablet.kinds')}
      </p>
      <div className="kind-buttons">
        {COMMON_KINDS.map((candidate) => (
          <button
            key={candidate}
            type="button"
            className={`button button-large ${props.kind === candidate ? 'button-primary' : 'button-secondary'}`}
            aria-pressed={props.kind === candidate}
            onClick={() => props.onChange(candidate)}
          >
            {t(`reservationKind.${candidate}`)}
          </button>
        ))}
      </div>
      {props.error}
    </div>
  );
}
