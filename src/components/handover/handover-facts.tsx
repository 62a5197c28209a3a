'use client';
import { useFormatter, useTranslations } from 'next-intl';
import { useEnumLabel } from '@/components/i18n/labels';
import type { HandoverFactsView } from '@/lib/handover/facts';
import type { HandoverParty } from '@/lib/schemas/handover';
import { DateTime, useLocalTime } from '@/components/i18n/date-time';
import { AcceptingReservations } from '@/components/legal/accepting-reservations';
import '@/components/legal/legal.css';

function address(party: HandoverParty): string {
  const street = [party.streetName, party.buildingNumber].filter(Boolean).join(' ');
  const city = [party.postalCode, party.cityName].filter(Boolean).join(' ');
  return [street, city, party.countryCode].filter(Boolean).join(', ');
}

/**
 * What is handed over, as the counter party reads it on the phone before signing (contract §7): parties with their
 * street, the goods lines with packages, weights and volumes, the vehicles, and the reservations and comments on
 * record (which the signature accepts).
 */
export function HandoverFacts({ view }: { view: HandoverFactsView }) {
  const t = useTranslations('handover');
  const label = useEnumLabel();
  const format = useFormatter();
  const clock = useLocalTime();
  return (
    <section className="panel tablet-panel" aria-labelledby="what-title">
      <h2 id="what-title">{t('what')}</h2>
      {view.due ? (
        <p className="handover-due" data-testid="handover-due">
          <strong>{t(`due.${view.action}`)}</strong> <DateTime value={view.due.at} countryCode={view.due.countryCode} />
        </p>
      ) : null}
      <h3>{t('parties')}</h3>
      <dl className="summary-grid" data-testid="handover-parties">
        {view.parties.map((party, index) => (
          <div key={`${party.role}-${index}`}>
            <dt>{label('role', party.role)}</dt>
            <dd>
              {party.name}
              <span className="handover-address">{address(party)}</span>
            </dd>
          </div>
        ))}
      </dl>
      <h3>{t('goods')}</h3>
      {view.structuredGoods.length > 0 ? (
        <ul className="goods-lines" data-testid="handover-goods">
          {view.structuredGoods.map((line, index) => (
            <li key={index}>
              <strong>{line.name}</strong>
              {[
                line.numberOfPackages !== undefined ? t('packages', { count: line.numberOfPackages }) : '',
                line.methodOfPackaging ?? '',
                line.weight !== undefined ? `${format.number(line.weight)} ${label('weightUnit', line.weightUnit)}` : '',
                line.volume !== undefined ? `${format.number(line.volume)} ${label('volumeUnit', line.volumeUnit)}` : '',
              ]
                .filter(Boolean)
                .map((fact) => ` · ${fact}`)
                .join('')}
            </li>
          ))}
        </ul>
      ) : (
        <p className="preformatted">{view.goods || t('noGoods')}</p>
      )}
      <h3>{t('plates')}</h3>
      {view.licensePlates.length > 0 ? (
        <ul className="plain-list" data-testid="handover-plates">
          {view.licensePlates.map((plate) => (
            <li key={`${plate.type}-${plate.licensePlate}`}>
              {t(`plateType.${plate.type}`)}: <strong>{plate.licensePlate}</strong>
              {plate.countryCode ? ` (${plate.countryCode})` : ''}
            </li>
          ))}
        </ul>
      ) : (
        <p>{t('noPlates')}</p>
      )}
      <AcceptingReservations reservations={view.reservations} />
      <h3>{t('comments')}</h3>
      {view.comments.length > 0 ? (
        <ul className="plain-list" data-testid="handover-comments">
          {view.comments.map((comment, index) => (
            <li key={index}>
              {comment.text}{' '}
              <span className="hint-inline">
                ({t('commentBy', { name: comment.by ?? '—', time: comment.at ? clock(comment.at, { style: 'clock' }) : '' })})
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p>{t('noComments')}</p>
      )}
    </section>
  );
}
