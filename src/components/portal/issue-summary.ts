'use client';
import { useFormatter, useTranslations } from 'next-intl';
import { useLocalTime } from '@/components/i18n/date-time';
import { useEnumLabel } from '@/components/i18n/labels';

export interface SummaryRow {
  label: string;
  value: string;
}

type Json = Record<string, unknown>;
const record = (value: unknown): Json | undefined => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : undefined);
const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '');
const amount = (value: unknown) => (typeof value === 'number' ? value : undefined);

const DATES = [
  ['agreedTakingOver', 'agreedDateTimeOfTakingOver', 'placeOfTakingOver'],
  ['estimatedTakingOver', 'estimatedDateTimeOfTakingOver', 'placeOfTakingOver'],
  ['agreedDelivery', 'agreedDateTimeOfDelivery', 'placeOfDelivery'],
  ['estimatedDelivery', 'estimatedDateTimeOfDelivery', 'placeOfDelivery'],
] as const;

/**
 * What issuing fixes (spec §3: the legal content of an issued document cannot change), as rows for the confirmation
 * (issue 19 item 7): the parties with their places and who holds each role, the goods with quantities, weights and
 * volumes, the dates (in the local time of their place), where and when it was established. Read from a body or a
 * document, which name these fields alike.
 */
export function useIssueSummary(): (document: Json) => SummaryRow[] {
  const t = useTranslations('portal.issue.summary');
  const dates = useTranslations('documents.view.dates');
  const label = useEnumLabel();
  const format = useFormatter();
  const localTime = useLocalTime();
  return (document) => {
    const party = (value: unknown) => {
      const found = record(value);
      if (!found) return '';
      const holder = text(found.submittedAccountNumber)
        ? t('holder', { account: text(found.submittedAccountNumber) })
        : text(found.submittedAccountEmailAddress)
          ? t('invited', { email: text(found.submittedAccountEmailAddress) })
          : '';
      const where = [
        [text(found.streetName), text(found.buildingNumber)].filter(Boolean).join(' '),
        [text(found.postalCode), text(found.cityName)].filter(Boolean).join(' '),
        text(found.countryCode),
      ];
      return [text(found.name), ...where, holder].filter(Boolean).join(', ');
    };
    const measure = (value: number | undefined, unit: string, kind: 'weightUnit' | 'volumeUnit') =>
      value === undefined ? '' : `${format.number(value)} ${label(kind, unit)}`;
    const lines = Array.isArray(document.structuredGoods) ? document.structuredGoods.map(record).filter((line) => line !== undefined) : [];
    const goods =
      lines.length > 0
        ? lines
            .map((line) =>
              [
                text(line.name),
                amount(line.numberOfPackages) !== undefined ? t('packages', { count: amount(line.numberOfPackages)! }) : '',
                measure(amount(line.weight), text(line.weightUnit) || 'KILOGRAM', 'weightUnit'),
                measure(amount(line.volume), text(line.volumeUnit) || 'CUBIC_METRE', 'volumeUnit'),
              ]
                .filter(Boolean)
                .join(', '),
            )
            .join('; ')
        : text(document.goods);
    const dateRows = DATES.map(([key, field, place]) => {
      const value = text(document[field]);
      return { label: dates(key), value: value ? localTime(value, { countryCode: text(record(document[place])?.countryCode) || null }) : '' };
    });
    const rows: SummaryRow[] = [
      { label: label('role', 'CONSIGNOR'), value: party(document.consignor) },
      { label: label('role', 'CONSIGNEE'), value: party(document.consignee) },
      { label: label('role', 'CARRIER'), value: party(document.carrier) },
      { label: label('role', 'PLACE_OF_TAKING_OVER'), value: party(document.placeOfTakingOver) },
      { label: label('role', 'PLACE_OF_DELIVERY'), value: party(document.placeOfDelivery) },
      { label: t('goods'), value: goods },
      ...dateRows,
      { label: t('established'), value: [text(document.establishedDate), text(document.establishedPlace)].filter(Boolean).join(', ') },
    ];
    return rows.filter((row) => row.value !== '');
  };
}
