'use client';
import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useTRPC } from '@/lib/trpc/client';

/** The page heading names the document by its service number, as the document view does. */
export function DocumentWebhooksTitle({ freightDocumentId }: { freightDocumentId: string }) {
  const t = useTranslations('delegation');
  const trpc = useTRPC();
  const document = useQuery(trpc.documents.get.queryOptions({ freightDocumentId }));
  return <h1>{document.data ? t('webhooks.documentTitle', { serviceNumber: document.data.serviceNumber }) : t('titles.documentWebhooks')}</h1>;
}
