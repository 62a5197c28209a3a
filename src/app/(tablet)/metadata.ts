import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

/** A tablet page's <title> in the reader's language, from the tablet's own catalogue area. */
export async function tabletMetadata(page: 'transfers' | 'handOver' | 'respond'): Promise<Metadata> {
  const t = await getTranslations();
  return { title: t('meta.pageTitle', { page: t(`tablet.titles.${page}`) }) };
}
