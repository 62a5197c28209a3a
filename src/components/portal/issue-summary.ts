'use client';
import { useTranslations } from 'next-intl';
import { useEnumLabel } from '@/components/i18n/labels';

export interface SummaryRow {
  label: string;
  value: string;
}

type Json = Record<string, unknown>;
const record = (value: unknown): Json | undefined => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : undefined);
const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '');

/**
 * What issuing fixes (spec §3: the legal content of an issued document cannot change), as rows for the confirmation:
 * the parties with their places, the goods, where and when it was established. Read from a body or a document,
 * which name these fields alike.
 */
export function useIssueSummary(): (document: Json) => SummaryRow[] {
  const t = useTranslations('portal.issue.summary');
  const label = useEnumLabel();
  return (document) => {
    const party = (value: unknown) => {
      const found = record(value);
      return found
        ? [text(found.name), [text(found.postalCode), text(found.cityName)].filter(Boolean).join(' '), text(found.countryCode)].filter(Boolean).join(', ')
        : '';
    };
    const lines = Array.isArray(document.structuredGoods) ? document.structuredGoods.map(record).filter((line) => line !== undefined) : [];
    const goods = lines.length > 0 ? lines.map((line) => text(line.name)).join('; ') : text(document.goods);
    const rows: SummaryRow[] = [
      { label: label('role', 'CONSIGNOR'), value: party(document.consignor) },
      { label: label('role', 'CONSIGNEE'), value: party(document.consignee) },
      { label: label('role', 'CARRIER'), value: party(document.carrier) },
      { label: label('role', 'PLACE_OF_TAKING_OVER'), value: party(document.placeOfTakingOver) },
      { label: label('role', 'PLACE_OF_DELIVERY'), value: party(document.placeOfDelivery) },
      { label: t('goods'), value: goods },
      { label: t('established'), value: [text(document.establishedDate), text(document.establishedPlace)].filter(Boolean).join(', ') },
    ];
    return rows.filter((row) => row.value !== '');
  };
}
