import { useTranslations } from 'next-intl';
import { DateTime } from '@/components/i18n/date-time';

type Access = { type: 'VERIFICATION_PAGE'; accessDateTime: string };

/** The document's recorded accesses (visits of its verification page), beside its history of changes. */
export function AccessHistory({ accesses }: { accesses: Access[] | undefined }) {
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
                  <td>{enums(access.type)}</td>
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
