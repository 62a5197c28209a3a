'use client';
import { useFormatter, useTranslations } from 'next-intl';
import { useEnumLabel } from '@/components/i18n/labels';
import type { FreightDocumentResponse } from '@/lib/schemas/freight-document-response';

type Json = Record<string, unknown>;
const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

/** What is handed over: the parties, the goods with packages and weight, the places (issue 9 part 4). */
export function HandOverSummary({ document }: { document: FreightDocumentResponse }) {
  const t = useTranslations('tablet.summary');
  const label = useEnumLabel();
  const format = useFormatter();
  const parties: [string, Json | null | undefined][] = [
    [label('role', 'CONSIGNOR'), document.consignor as Json | null],
    [label('role', 'CONSIGNEE'), document.consignee as Json | null],
    [label('role', 'CARRIER'), document.carrier as Json | null],
    [label('role', 'PLACE_OF_TAKING_OVER'), document.placeOfTakingOver as Json | null],
    [label('role', 'PLACE_OF_DELIVERY'), document.placeOfDelivery as Json | null],
    ...((document.subsequentCarriers ?? []) as Json[]).map((party): [string, Json] => [label('role', 'SUBSEQUENT_CARRIER'), party]),
  ];
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
      <dl className="summary-grid">
        {parties
          .filter(([, party]) => party && text(party.name))
          .map(([role, party], index) => (
            <div key={`${role}-${index}`}>
              <dt>{role}</dt>
              <dd>
                {text(party!.name)}
                <span className="hint-inline"> {[text(party!.cityName), text(party!.countryCode)].filter(Boolean).join(', ')}</span>
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
