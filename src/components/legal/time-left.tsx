'use client';
import { useTranslations } from 'next-intl';
import { afterDeliveryDeadline, delayDeadline } from '@/lib/domain/legal-events';
import type { FreightDocumentResponse } from '@/lib/schemas/freight-document-response';
import { useWhen } from './legal-bits';

const HOUR_MS = 60 * 60 * 1000;

/** When the delivery completed (the time the service counts the windows from): the DELIVERED update's time. */
export function deliveredAtOf(document: Pick<FreightDocumentResponse, 'updates'>): Date | null {
  const update = (document.updates ?? []).find((entry) => entry.newFreightDocumentStatus === 'DELIVERED');
  const at = update?.createDateTimeClient ?? update?.createDateTimeServer;
  return at ? new Date(at) : null;
}

/** The end of an after-delivery window (CMR art. 30), by the same pure rule the service applies. */
export function deadlineOf(stage: 'AFTER_DELIVERY' | 'DELAY', deliveredAt: Date): Date {
  return stage === 'AFTER_DELIVERY' ? afterDeliveryDeadline(deliveredAt) : delayDeadline(deliveredAt);
}

/** "2 days and 5 hours left, until …" or, after the deadline, that a reservation is still recorded but late. */
export function TimeLeft({ deadline, now, testId }: { deadline: Date; now: Date; testId?: string }) {
  const t = useTranslations('legal.late');
  const when = useWhen();
  const left = deadline.getTime() - now.getTime();
  // The last moment inside the window: "until Dec 3, 11:59 PM" reads right where the exclusive end would say Dec 4, 12:00 AM.
  const at = when(new Date(deadline.getTime() - 60_000).toISOString());
  if (left <= 0)
    return (
      <p className="legal-warning" data-testid={testId} data-state="over">
        {t('timeOver', { deadline: at })}
      </p>
    );
  const hours = Math.floor(left / HOUR_MS);
  return (
    <p className="time-left" data-testid={testId} data-state="open">
      {t('timeLeft', { days: Math.floor(hours / 24), hours: hours % 24, deadline: at })}
    </p>
  );
}
