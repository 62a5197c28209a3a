import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

/** A webhooks page's <title>, from this area's catalogue, in the portal's pattern ("Webhooks · Freight Document Service"). */
export async function webhooksMetadata(page: 'webhooks' | 'documentWebhooks' | 'deliveryLog'): Promise<Metadata> {
  const meta = await getTranslations('meta');
  const t = await getTranslations('delegation.titles');
  return { title: meta('pageTitle', { page: t(page) }) };
}
