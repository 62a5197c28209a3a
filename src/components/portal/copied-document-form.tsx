'use client';
import Link from 'next/link';
import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { DocumentForm } from '@/components/documents/document-form';
import { errorsFromCall, useErrorMessage } from '@/components/forms/errors';
import { copyForm, formFromDocument } from '@/lib/portal/document-form';
import { useTRPC } from '@/lib/trpc/client';

/** "Copy": the drafting form filled from a document the caller can read; saving creates a new draft. */
export function CopiedDocumentForm({ freightDocumentId }: { freightDocumentId: string }) {
  const t = useTranslations('portal.copy');
  const common = useTranslations('common');
  const messageFor = useErrorMessage();
  const trpc = useTRPC();
  // Filled once; a refetch must not overwrite what is typed.
  const query = useQuery({ ...trpc.documents.get.queryOptions({ freightDocumentId }), staleTime: Infinity, refetchOnWindowFocus: false });
  const initial = useMemo(() => (query.data ? copyForm(formFromDocument(query.data as Record<string, unknown>)) : undefined), [query.data]);

  if (query.isPending) {
    return (
      <p role="status" className="loading">
        <span className="spinner" aria-hidden="true" /> {common('loadingDocument')}
      </p>
    );
  }
  if (query.isError || !initial) {
    const [error] = errorsFromCall(query.error);
    return (
      <>
        <div className="error-summary" role="alert">
          <h2>{t('loadFailed')}</h2>
          {error ? <p>{messageFor(error)}</p> : null}
        </div>
        <p>
          <Link href="/documents/new">{t('startEmpty')}</Link>
        </p>
      </>
    );
  }
  return (
    <>
      <p className="banner banner-info" role="status">
        {t('copiedFrom', { serviceNumber: query.data.serviceNumber })}
      </p>
      <DocumentForm mode="create" initial={initial} />
    </>
  );
}
