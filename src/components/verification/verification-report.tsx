import { useTranslations } from 'next-intl';
import { DateTime } from '@/components/i18n/date-time';
import { useEnumLabel } from '@/components/i18n/labels';
import type { VerificationView } from '@/lib/schemas/verification';

/**
 * What the verification page shows (contract §9), and nothing more: service number, status, the parties' names,
 * the places, each approval's type and time, the legal events with their times, and the result of recomputing the
 * commit chain.
 */
export function VerificationReport({ view }: { view: VerificationView }) {
  const t = useTranslations('pdf.verify');
  const enums = useTranslations('pdf.enums');
  const label = useEnumLabel();
  const { chain } = view;
  return (
    <>
      <h1>{t('title', { serviceNumber: view.serviceNumber })}</h1>
      <p className="lead">{t('intro')}</p>

      <section className={chain.intact ? 'banner banner-success' : 'error-summary'} aria-labelledby="chain-title" data-testid="chain-result">
        <h2 id="chain-title">
          {t('chain')}: {chain.intact ? t('intact') : t('broken')}
        </h2>
        {chain.intact ? (
          <p>{t('intactText', { count: chain.commits })}</p>
        ) : (
          <>
            <p>{t('brokenText', { sequence: chain.sequence, commitId: chain.commitId })}</p>
            <p>{t(`reason.${chain.reason}`)}</p>
          </>
        )}
      </section>

      <section className="panel" aria-labelledby="summary-title">
        <h2 id="summary-title">{t('summary')}</h2>
        <dl className="details">
          <div className="details-row">
            <dt>{t('serviceNumber')}</dt>
            <dd data-testid="verify-service-number">{view.serviceNumber}</dd>
          </div>
          <div className="details-row">
            <dt>{t('status')}</dt>
            <dd>{label('status', view.status)}</dd>
          </div>
          {view.accessCount !== undefined ? (
            <div className="details-row">
              <dt>{t('authorityReads')}</dt>
              <dd data-testid="verify-access-count">{view.accessCount}</dd>
            </div>
          ) : null}
        </dl>
      </section>

      <section className="panel" aria-labelledby="parties-title">
        <h2 id="parties-title">{t('parties')}</h2>
        <dl className="details">
          {view.parties.map((party, index) => (
            <div className="details-row" key={`${party.role}-${index}`}>
              <dt>{label('role', party.role)}</dt>
              <dd>{party.name}</dd>
            </div>
          ))}
        </dl>
      </section>

      {view.places.length > 0 ? (
        <section className="panel" aria-labelledby="places-title">
          <h2 id="places-title">{t('places')}</h2>
          <dl className="details">
            {view.places.map((place) => (
              <div className="details-row" key={place.role}>
                <dt>{label('role', place.role)}</dt>
                <dd>{[place.name, place.cityName, place.countryCode].filter(Boolean).join(', ')}</dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}

      <section className="panel" aria-labelledby="approvals-title">
        <h2 id="approvals-title">{t('approvals')}</h2>
        {view.approvals.length === 0 ? (
          <p className="hint">{t('approvalsNone')}</p>
        ) : (
          <div className="table-wrap" role="region" aria-label={t('approvalsTable')} tabIndex={0}>
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">{t('when')}</th>
                  <th scope="col">{t('transfer')}</th>
                  <th scope="col">{t('side')}</th>
                  <th scope="col">{t('approvalType')}</th>
                </tr>
              </thead>
              <tbody>
                {view.approvals.map((approval, index) => (
                  <tr key={index}>
                    <td>
                      <DateTime value={approval.at} />
                    </td>
                    <td>{enums(`action.${approval.action as 'COLLECTION'}`)}</td>
                    <td>{enums(`side.${approval.side as 'CARRIER'}`)}</td>
                    <td>
                      {enums(`approvalType.${approval.type as 'OWN'}`)}
                      {approval.declined ? ` (${t('declined')})` : ''}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section className="panel" aria-labelledby="events-title">
        <h2 id="events-title">{t('events')}</h2>
        {view.replacedByPaperAt ? (
          <p className="banner" data-testid="replaced-by-paper">
            {t('replaced', { date: `${view.replacedByPaperAt.replace('T', ' ').slice(0, 16)} UTC` })}
          </p>
        ) : null}
        {view.events.length === 0 ? (
          <p className="hint">{t('eventsNone')}</p>
        ) : (
          <div className="table-wrap" role="region" aria-label={t('eventsTable')} tabIndex={0}>
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">{t('when')}</th>
                  <th scope="col">{t('event')}</th>
                </tr>
              </thead>
              <tbody>
                {view.events.map((entry, index) => (
                  <tr key={index}>
                    <td>
                      <DateTime value={entry.at} />
                    </td>
                    <td>{t(`eventNames.${entry.event}`)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <p className="hint">{t('visitRecorded')}</p>
    </>
  );
}
