'use client';
import { useFormatter, useTranslations } from 'next-intl';
import { useEnumLabel } from '@/components/i18n/labels';
import type { DeliveryView } from '@/lib/schemas/subscriptions';

const NIL_DOCUMENT = '00000000-0000-0000-0000-000000000000';
/** Attempts are seconds apart: the log shows seconds, unlike the portal's other dates. */
const TO_THE_SECOND = { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit', timeZoneName: 'short' } as const;

/** One delivery of the log: its event, state (in colour and in words), every attempt, the next one, and "redeliver". */
export function DeliveryEntry({ delivery, pending, onRedeliver }: { delivery: DeliveryView; pending: boolean; onRedeliver: () => void }) {
  const t = useTranslations('delegation.log');
  const label = useEnumLabel();
  const format = useFormatter();
  const { event } = delivery;
  const headingId = `delivery-${delivery.deliveryId}`;
  return (
    <li className="entry delivery" data-testid="delivery" data-state={delivery.state}>
      <div className="delivery-head">
        <h3 id={headingId} className="entry-title">
          {event.status === 'TEST'
            ? t('eventTest')
            : t('event', {
                status: label('status', event.status),
                document: event.freightDocumentId === NIL_DOCUMENT ? t('accountDocument') : event.freightDocumentId,
              })}{' '}
          <span className={`state state-${delivery.state.toLowerCase()}`} data-testid="delivery-state">
            {t(`state.${delivery.state}`)}
          </span>
        </h3>
        <button
          type="button"
          className="button button-secondary"
          onClick={onRedeliver}
          disabled={pending}
          aria-label={t('redeliverLabel', { webhookId: delivery.webhookId })}
        >
          {t('redeliver')}
        </button>
      </div>
      <p className="hint">
        {t('webhookId')}: <code>{delivery.webhookId}</code>
      </p>
      {delivery.attempts.length === 0 ? (
        <p className="hint">{t('noAttempts')}</p>
      ) : (
        <div className="table-wrap" role="region" aria-labelledby={headingId} tabIndex={0}>
          <table className="table attempts-table" data-testid="attempts" role="table">
            <caption className="visually-hidden">{t('attempts')}</caption>
            <thead role="rowgroup">
              <tr role="row">
                <th scope="col" role="columnheader">
                  {t('attempt')}
                </th>
                <th scope="col" role="columnheader">
                  {t('at')}
                </th>
                <th scope="col" role="columnheader">
                  {t('outcome')}
                </th>
                <th scope="col" role="columnheader">
                  {t('duration')}
                </th>
              </tr>
            </thead>
            <tbody role="rowgroup">
              {delivery.attempts.map((attempt, index) => {
                const ok = attempt.httpStatus !== undefined && attempt.httpStatus >= 200 && attempt.httpStatus < 300;
                return (
                  <tr key={attempt.at} role="row">
                    <th scope="row" role="rowheader" data-label={t('attempt')}>
                      {index + 1}
                    </th>
                    <td role="cell" data-label={t('at')}>
                      <time dateTime={attempt.at}>{format.dateTime(new Date(attempt.at), TO_THE_SECOND)}</time>
                    </td>
                    <td
                      role="cell"
                      data-label={t('outcome')}
                      className={ok ? 'attempt-ok' : attempt.httpStatus !== undefined || attempt.error ? 'attempt-failed' : undefined}
                    >
                      {/* The recorded error of an HTTP failure only repeats its status. */}
                      {attempt.httpStatus !== undefined ? t('httpStatus', { status: attempt.httpStatus }) : (attempt.error ?? t('running'))}
                    </td>
                    <td role="cell" data-label={t('duration')}>
                      {attempt.durationMs === null ? '—' : format.number(attempt.durationMs, { style: 'unit', unit: 'millisecond', unitDisplay: 'short' })}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {delivery.state === 'PENDING' && delivery.nextAttemptAt ? (
        <p data-testid="next-attempt">{t('nextAttempt', { time: format.dateTime(new Date(delivery.nextAttemptAt), TO_THE_SECOND) })}</p>
      ) : null}
    </li>
  );
}
