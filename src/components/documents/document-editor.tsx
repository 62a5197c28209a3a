'use client';
import Link from 'next/link';
import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { errorsFromCall, useErrorMessage } from '@/components/forms/errors';
import { formFromDocument } from '@/lib/portal/document-form';
import { useTRPC } from '@/lib/trpc/client';
import { DocumentForm } from './document-form';

/** Editing a draft: only its submitter, only while it is a DRAFT (spec §4 rule 1); a full replacement. */
export function DocumentEditor({ freightDocumentId }: { freightDocumentId: string }) {
  const t = useTranslations('documents.editor');
  const common = useTranslations('common');
  const messageFor = useErrorMessage();
  const trpc = useTRPC();
  // The form is filled once from the document as loaded; later refetches must not overwrite what is typed.
  const query = useQuery({ ...trpc.documents.get.queryOptions({ freightDocumentId }), staleTime: Infinity, refetchOnWindowFocus: false });
  // DocumentForm reads this once, when it mounts.
  const initial = useMemo(() => (query.data ? formFromDocument(query.data as Record<string, unknown>) : undefined), [query.data]);
  const back = `/documents/${encodeURIComponent(freightDocumentId)}`;

  if (query.isPending) {
    return (
      <>
        <h1 id="document-form-title">{t('title')}</h1>
        <p role="status" className="loading">
          <span className="spinner" aria-hidden="true" /> {common('loadingDocument')}
        </p>
      </>
    );
  }
  if (query.isError) {
    const [error] = errorsFromCall(query.error);
    return (
      <>
        <h1 id="document-form-title">{t('title')}</h1>
        <div className="error-summary" role="alert">
          <h2>{t('loadFailed')}</h2>
          {error ? <p>{messageFor(error)}</p> : null}
        </div>
        <p>
          <Link href="/documents">{common('backToDocuments')}</Link>
        </p>
      </>
    );
  }
  const document = query.data;
  // The service says whether the caller may edit now; the reason shown is only a matter of wording.
  if (!document.allowedActions.includes('UPDATE')) {
    const mayEverUpdate = document.ownPermissions.some((entry) => entry.permissions.includes('UPDATE'));
    return (
      <>
        <h1 id="document-form-title">{t('titleWithNumber', { serviceNumber: document.serviceNumber })}</h1>
        <div className="error-summary" role="alert">
          <h2>{t('cannotEditTitle')}</h2>
          <p>{!mayEverUpdate ? t('onlySubmitter') : t('onlyDraft')}</p>
        </div>
        <p>
          <Link href={back}>{t('backToDocument')}</Link>
        </p>
      </>
    );
  }
  return (
    <>
      <h1 id="document-form-title">{t('titleWithNumber', { serviceNumber: document.serviceNumber })}</h1>
      <p className="lead">{t('lead')}</p>
      <DocumentForm mode="edit" freightDocumentId={freightDocumentId} initial={initial} />
    </>
  );
}
