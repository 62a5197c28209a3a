import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import type { Messages } from 'use-intl';

type PageTitle = keyof Messages['meta']['titles'];

/** A page's <title> in the reader's language: "My account · Freight Document Service". */
export async function pageMetadata(page: PageTitle): Promise<Metadata> {
  const t = await getTranslations('meta');
  return { title: t('pageTitle', { page: t(`titles.${page}`) }) };
}
