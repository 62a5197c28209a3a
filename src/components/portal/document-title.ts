'use client';
import { useTranslations } from 'next-intl';

/** Titles name the document: "CMR 000000000123 – Bloemenveiling" (the consignee, when there is one). */
export function useDocumentTitle(): (serviceNumber: string, consigneeName?: string | null) => string {
  const t = useTranslations('portal.documentTitle');
  return (serviceNumber, consigneeName) => (consigneeName ? t('withConsignee', { serviceNumber, consignee: consigneeName }) : t('plain', { serviceNumber }));
}
