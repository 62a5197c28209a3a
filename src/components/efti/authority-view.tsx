'use client';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { DateTime } from '@/components/i18n/date-time';
import { useHandOver } from '@/components/tablet/tablet-data';
import { authorityViewOf } from '@/lib/efti/authority-view';

/**
 * The tablet's authority view (contract §15, Reg. (EU) 2020/1056 Art. 4(4)): the consignment note's EU03 content in
 * readable form, large, for the driver to hand the tablet to an inspecting officer. Read from the same copy the
 * hand-over screen uses, so it works offline too.
 */
export function AuthorityView({ freightDocumentId }: { freightDocumentId: string }) {
  const t = useTranslations('efti.authority');
  const parties = useTranslations('efti.parties');
  const query = useHandOver(freightDocumentId);
  if (!query.data)
    return (
      <p role="status" className="loading">
        …
      </p>
    );
  const { document } = query.data;
  const view = authorityViewOf(document);
  const when = (at: string | undefined) => (at ? <DateTime value={at} /> : t('notYet'));
  return (
    <article className="authority-view" aria-labelledby="authority-title" data-testid="authority-view">
      <p>
        <Link href={`/tablet/${encodeURIComponent(freightDocumentId)}`}>{t('back')}</Link>
      </p>
      <h1 id="authority-title">{t('title', { serviceNumber: view.serviceNumber })}</h1>
      <p className="hint">{t('intro')}</p>
      {document.efti ? <p data-testid="authority-uil">UIL: {document.efti.uil}</p> : null}

      <h2>{t('parties')}</h2>
      <dl className="details">
        {view.parties.map((party) => (
          <div key={party.slot} className="details-row">
            <dt>{parties(party.slot)}</dt>
            <dd>
              <strong>{party.name}</strong>
              {party.address.map((line) => (
                <span key={line} className="block">
                  {line}
                </span>
              ))}
              {party.taxRegistrationId ? <span className="block">{t('taxId', { id: party.taxRegistrationId })}</span> : null}
              <span className="block">
                {party.statements.length > 0
                  ? party.statements.map((statement) => (
                      <span key={statement.at}>
                        {t('confirmed', { how: t(`statements.${statement.code}`) })} <DateTime value={statement.at} />
                      </span>
                    ))
                  : t('notConfirmed')}
              </span>
            </dd>
          </div>
        ))}
      </dl>

      {(['takingOver', 'delivery'] as const).map((stage) => (
        <section key={stage} aria-labelledby={`authority-${stage}`}>
          <h2 id={`authority-${stage}`}>{t(stage)}</h2>
          <dl className="details">
            <div className="details-row">
              <dt>{t('place')}</dt>
              <dd>{view[stage].place.join(', ') || '—'}</dd>
            </div>
            <div className="details-row">
              <dt>{t('time')}</dt>
              <dd>{when(view[stage].at)}</dd>
            </div>
          </dl>
        </section>
      ))}

      <h2>{t('goods')}</h2>
      <ul>
        {view.goods.map((line, index) => (
          <li key={index}>
            {line.description}
            {line.packages !== undefined ? ` · ${t('packages', { count: line.packages })}` : ''}
            {line.marks ? ` · ${t('marks', { marks: line.marks })}` : ''}
            {line.dangerousGoods ? (
              <strong className="block">{t('dangerous', { number: line.dangerousGoods.unNumber, name: line.dangerousGoods.properShippingName ?? '' })}</strong>
            ) : null}
          </li>
        ))}
      </ul>
      {view.grossWeightKg ? <p>{t('grossWeight', { kilograms: view.grossWeightKg })}</p> : null}

      <h2>{t('vehicles')}</h2>
      {view.vehicles.length === 0 ? (
        <p>{t('noVehicle')}</p>
      ) : (
        <ul data-testid="authority-vehicles">
          {view.vehicles.map((vehicle) => (
            <li key={`${vehicle.type}-${vehicle.plate}`}>
              {t(vehicle.type === 'TRUCK' ? 'truck' : 'trailer')}: <strong>{vehicle.plate}</strong> {vehicle.country ?? ''}
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
