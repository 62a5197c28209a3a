'use client';
import Link from 'next/link';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { errorsFromCall, messageFor } from '@/components/forms/errors';
import { formFromDocument } from '@/lib/portal/document-form';
import { useTRPC } from '@/lib/trpc/client';
import { DocumentForm } from './document-form';

/** Editing a draft: only its submitter, only while it is a DRAFT (spec §4 rule 1); a full replacement. */
export function DocumentEditor({ freightDocumentId }: { freightDocumentId: string }) {
  const trpc = useTRPC();
  // The form is filled once from the document as loaded; later refetches must not overwrite what is typed.
  const query = useQuery({ ...trpc.documents.get.queryOptions({ freightDocumentId }), staleTime: Infinity, refetchOnWindowFocus: false });
  // DocumentForm reads this once, when it mounts.
  const initial = useMemo(() => (query.data ? formFromDocument(query.data as Record<string, unknown>) : undefined), [query.data]);
  const back = `/documents/${encodeURIComponent(freightDocumentId)}`;

  if (query.isPending) {
    return (
      <>
        <h1 id="document-form-title">Edit draft</h1>
        <p role="status" className="loading">
          <span className="spinner" aria-hidden="true" /> Loading the document…
        </p>
      </>
    );
  }
  if (query.isError) {
    const [error] = errorsFromCall(query.error);
    return (
      <>
        <h1 id="document-form-title">Edit draft</h1>
        <div className="error-summary" role="alert">
          <h2>The document could not be loaded</h2>
          {error ? <p>{messageFor(error)}</p> : null}
        </div>
        <p>
          <Link href="/documents">Back to your documents</Link>
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
        <h1 id="document-form-title">Edit draft {document.serviceNumber}</h1>
        <div className="error-summary" role="alert">
          <h2>This document cannot be edited</h2>
          <p>{!mayEverUpdate ? 'Only the submitter of a document can change it.' : 'Only a draft can be changed; this document is no longer a draft.'}</p>
        </div>
        <p>
          <Link href={back}>Back to the document</Link>
        </p>
      </>
    );
  }
  return (
    <>
      <h1 id="document-form-title">Edit draft {document.serviceNumber}</h1>
      <p className="lead">Saving replaces the whole content of the draft. Roles already set keep their holder.</p>
      <DocumentForm mode="edit" freightDocumentId={freightDocumentId} initial={initial} />
    </>
  );
}
