'use client';
import { useFormatter, useTranslations } from 'next-intl';
import { DateTime } from '@/components/i18n/date-time';
import { useEnumLabel } from '@/components/i18n/labels';
import type { FreightDocumentResponse } from '@/lib/schemas/freight-document-response';
import type { HandOverTransfer } from '@/lib/schemas/tablet';
import { deliveryDestination } from '@/lib/domain/delivery-destination';
import { ApprovalState } from './transfer-bits';

type Json = Record<string, unknown>;
const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

/** Street and number, postcode and town, country: where a driver finds the dock. */
function addressOf(party: Json): string {
  const street = [text(party.streetName), text(party.buildingNumber)].filter(Boolean).join(' ');
  const town = [text(party.postalCode), text(party.cityName)].filter(Boolean).join(' ');
  return [street, town, text(party.countryCode)].filter(Boolean).join(', ');
}

const PLACE_ROLE = { COLLECTION: 'PLACE_OF_TAKING_OVER', DELIVERY: 'PLACE_OF_DELIVERY', CARRIER_TO_CARRIER: undefined } as const;

/**
 * Step 1 of the hand-over (issue 19 item 1): where and when, who has approved, the parties with their addresses and
 * the goods with packages and weights. Each name appears once: the transfer's place heads the step and is not listed
 * again among the parties.
 */
export function HandOverSummary({ document, transfer }: { document: FreightDocumentResponse; transfer?: HandOverTransfer }) {
  const t = useTranslations('tablet.summary');
  const label = useEnumLabel();
  const format = useFormatter();
  const parties: [string, string, Json | null | undefined][] = [
    ['CONSIGNOR', label('role', 'CONSIGNOR'), document.consignor as Json | null],
    ['PLACE_OF_TAKING_OVER', label('role', 'PLACE_OF_TAKING_OVER'), document.placeOfTakingOver as Json | null],
    ['CARRIER', label('role', 'CARRIER'), document.carrier as Json | null],
    ...((document.subsequentCarriers ?? []) as Json[]).map((party): [string, string, Json] => [
      'SUBSEQUENT_CARRIER',
      label('role', 'SUBSEQUENT_CARRIER'),
      party,
    ]),
    ['CONSIGNEE', label('role', 'CONSIGNEE'), document.consignee as Json | null],
    ['PLACE_OF_DELIVERY', label('role', 'PLACE_OF_DELIVERY'), document.placeOfDelivery as Json | null],
  ];
  // After an accepted change of consignee the cargo goes to the new consignee (issue 31 item 7).
  const destination = deliveryDestination(document.instructions, Boolean(document.placeOfDelivery?.name));
  const placeRole = transfer ? (transfer.action === 'DELIVERY' ? destination : PLACE_ROLE[transfer.action]) : undefined;
  const place = parties.find(([role]) => role === placeRole)?.[2];
  const stalePlace = destination === 'CONSIGNEE' ? 'PLACE_OF_DELIVERY' : undefined;
  const lines = (Array.isArray(document.structuredGoods) ? document.structuredGoods : []) as Json[];
  const packages = lines.reduce((sum, line) => sum + (typeof line.numberOfPackages === 'number' ? line.numberOfPackages : 0), 0);
  const weights = new Map<string, number>();
  for (const line of lines) {
    if (typeof line.weight === 'number') weights.set(text(line.weightUnit), (weights.get(text(line.weightUnit)) ?? 0) + line.weight);
  }
  const weightText = [...weights].map(([unit, sum]) => `${format.number(sum)} ${label('weightUnit', unit)}`).join(', ');
  return (
    <section className="panel tablet-panel" aria-labelledby="summary-title">
      <h2 id="summary-title">{t('title')}</h2>
      {transfer ? (
        <dl className="hand-over-facts" data-testid="hand-over-facts">
          <div>
            <dt>{t('where')}</dt>
            <dd>
              {place && text(place.name) ? (
                <>
                  {text(place.name)} <span className="hint-inline">{addressOf(place)}</span>
                </>
              ) : (
                [transfer.place?.name, transfer.place?.cityName, transfer.place?.countryCode].filter(Boolean).join(', ') || '—'
              )}
            </dd>
          </div>
          <div>
            <dt>{t('when')}</dt>
            <dd data-testid="hand-over-when">{transfer.dueAt ? <DateTime value={transfer.dueAt} countryCode={transfer.place?.countryCode} /> : t('noTime')}</dd>
          </div>
          <div>
            <dt>{t('approvals')}</dt>
            <dd>
              <ApprovalState item={transfer} freightDocumentId={document.freightDocumentId} />
            </dd>
          </div>
        </dl>
      ) : null}
      <h3>{t('parties')}</h3>
      <dl className="summary-grid">
        {parties
          .filter(([role, , party]) => role !== placeRole && role !== stalePlace && party && text(party.name))
          .map(([role, roleLabel, party], index) => (
            <div key={`${role}-${index}`}>
              <dt>{roleLabel}</dt>
              <dd>
                {text(party!.name)}
                <span className="hint-inline"> {addressOf(party!)}</span>
              </dd>
            </div>
          ))}
      </dl>
      <h3>{t('goods')}</h3>
      {lines.length > 0 ? (
        <>
          <ul className="goods-lines" data-testid="goods-lines">
            {lines.map((line, index) => (
              <li key={text(line.productId) || index}>
                <strong>{text(line.name)}</strong> {typeof line.numberOfPackages === 'number' ? t('packages', { count: line.numberOfPackages }) : ''}
                {typeof line.weight === 'number' ? ` · ${format.number(line.weight)} ${label('weightUnit', line.weightUnit)}` : ''}
                {typeof line.volume === 'number' ? ` · ${format.number(line.volume)} ${label('volumeUnit', line.volumeUnit)}` : ''}
              </li>
            ))}
          </ul>
          <p className="totals" data-testid="goods-totals">
            {t('totals', { packages })}
            {weightText ? ` · ${weightText}` : ''}
          </p>
        </>
      ) : (
        <p className="preformatted">{text(document.goods) || '—'}</p>
      )}
    </section>
  );
}
