'use client';
import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { DateTime } from '@/components/i18n/date-time';
import { useTRPC } from '@/lib/trpc/client';
import { ReadinessList } from './readiness-list';

/**
 * The document's eFTI side (contract §15), while eFTI is on: its UIL, what authorities would miss, and the log of
 * identifier uploads to the gate with their attempts. Authorities' reads and follow-ups are in the accesses.
 */
export function EftiPanel({ freightDocumentId }: { freightDocumentId: string }) {
  const t = useTranslations('efti.panel');
  const readiness = useTranslations('efti.readiness');
  const trpc = useTRPC();
  const availability = useQuery(trpc.efti.availability.queryOptions(undefined, { staleTime: Infinity }));
  const status = useQuery(trpc.efti.status.queryOptions({ freightDocumentId }, { enabled: availability.data?.enabled === true }));
  if (!status.data) return null;
  const { uil, subsets, uploads } = status.data;
  const problems = subsets[0]?.problems ?? [];
  return (
    <section aria-labelledby="efti-panel-title" data-testid="efti-panel">
      <h3 id="efti-panel-title">{t('title')}</h3>
      <dl className="details">
        <div className="details-row">
          <dt>{t('uil')}</dt>
          <dd data-testid="efti-uil">{uil}</dd>
        </div>
      </dl>
      <h4>{readiness('title')}</h4>
      {problems.length === 0 ? <p>{readiness('complete')}</p> : <ReadinessList problems={problems} />}
      <h4>{t('uploads')}</h4>
      {uploads.length === 0 ? (
        <p className="hint">{t('uploadsNone')}</p>
      ) : (
        <div className="table-wrap" role="region" aria-label={t('uploads')} tabIndex={0}>
          <table className="table" data-testid="efti-uploads">
            <thead>
              <tr>
                <th scope="col">{t('when')}</th>
                <th scope="col">{t('why')}</th>
                <th scope="col">{t('state')}</th>
              </tr>
            </thead>
            <tbody>
              {uploads.map((upload) => {
                const last = upload.attempts.at(-1);
                return (
                  <tr key={upload.uploadId}>
                    <td>
                      <DateTime value={upload.createDateTimeServer} />
                    </td>
                    <td>{t(`reasons.${upload.reason}`)}</td>
                    <td>
                      {t(`states.${upload.state}`)} · {t('attempts', { count: upload.attempts.length })}
                      {last?.error && upload.state !== 'SUCCEEDED' ? ` · ${t('lastError', { error: last.error })}` : ''}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
