'use client';
import { useLocalTime } from '@/components/i18n/date-time';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useErrorMessage, type FieldError } from '@/components/forms/errors';
import type { FreightDocumentResponse } from '@/lib/schemas/freight-document-response';
import { useTRPC } from '@/lib/trpc/client';

/** Who acted in a legal event, as one name: the account's name, else its number, else the role. */
export function actorName(actor: { name: string | null; accountNumber: string | null; role: string }): string {
  return actor.name || actor.accountNumber || actor.role;
}

/** A §14 write answered with the document: the page shows it at once and the lists learn of the change. */
export function useKeepDocument(freightDocumentId: string) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return async (document?: FreightDocumentResponse) => {
    if (document) queryClient.setQueryData(trpc.documents.get.queryKey({ freightDocumentId }), document);
    else await queryClient.invalidateQueries({ queryKey: trpc.documents.get.queryKey({ freightDocumentId }) });
    await queryClient.invalidateQueries({ queryKey: trpc.documents.list.pathKey() });
  };
}

/** The service's refusals next to the form that caused them, announced. */
export function LegalErrors({ errors, testId }: { errors: readonly FieldError[]; testId?: string }) {
  const messageFor = useErrorMessage();
  if (errors.length === 0) return null;
  return (
    <ul className="error-summary plain-list" role="alert" data-testid={testId}>
      {errors.map((error) => (
        <li key={`${error.code}|${error.field ?? ''}`} data-code={error.code}>
          {messageFor(error)}
        </li>
      ))}
    </ul>
  );
}

/** A short confirmation after a write, next to the form; the region is always there so that it is announced. */
export function Done({ text, testId, keepInSight }: { text: string | undefined; testId?: string; keepInSight?: boolean }) {
  const at = useRef<HTMLParagraphElement>(null);
  // Where what was added shows above the form (and pushes it down), the message is brought back into sight.
  useEffect(() => {
    if (keepInSight && text) at.current?.scrollIntoView({ block: 'nearest' });
  }, [keepInSight, text]);
  return (
    <p ref={at} className={text ? 'banner banner-success' : 'visually-hidden'} role="status" data-testid={testId}>
      {text}
    </p>
  );
}

/** An ISO time as text in the reader's language and zone, for messages that name it ("accepted by … on …"). */
export function useWhen(): (value: string | null | undefined) => string {
  const clock = useLocalTime();
  return (value) => (value ? clock(value) : '—');
}
