import { useTranslations } from 'next-intl';
import { DateTime } from '@/components/i18n/date-time';
import type { DocumentAccessResponse } from '@/lib/schemas/efti';

/**
 * The document's recorded accesses (visits of its verification page; contract §15: authorities' reads and follow-ups
 * through their eFTI gate, with the gate's request id), beside its history of changes.
 */
export function AccessHistory({ accesses }: { accesses: DocumentAccessResponse[] | undefined }) {
  const t = useTranslations('pdf.accesses');
  const enums = useTranslations('pdf.enums.access');
  return (
    <>
      <h3 id="accesses-title">{t('title')}</h3>
      {accesses && accesses.length > 0 ? (
        <div className="table-wrap" role="region" aria-label={t('tableLabel')} tabIndex={0}>
          <table className="table" data-testid="accesses">
            <thead>
              <tr>
                <th scope="col">{t('when')}</th>
                <th scope="col">{t('what')}</th>
              </tr>
            </thead>
            <tbody>
              {accesses.map((access, index) => (
                <tr key={index}>
                  <td>
                    <DateTime value={access.accessDateTime} />
                  </td>
                  <td>
                    {enums(access.type)}
                    {access.type !== 'VERIFICATION_PAGE' ? <EftiAccessDetails access={access} /> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="hint">{t('none')}</p>
      )}
    </>
  );
}

/** What the gate asked for (its request id and subsets) or wrote (a follow-up), and how it was answered. */
function EftiAccessDetails({ access }: { access: DocumentAccessResponse }) {
  const t = useTranslations('pdf.accesses');
  return (
    <>
      {' '}
      <span className="hint">
        {t('eftiDetails', { requestId: access.requestId ?? '–', subsets: (access.subsets ?? []).join(', ') || '–', status: access.httpStatus ?? 0 })}
      </span>
      {access.message ? <blockquote data-testid="efti-follow-up">{access.message}</blockquote> : null}
    </>
  );
}
