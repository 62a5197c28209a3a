'use client';
import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/forms/confirm-dialog';
import { errorsFromCall, type FieldError } from '@/components/forms/errors';
import type { FreightDocumentResponse } from '@/lib/schemas/freight-document-response';
import { useTRPC } from '@/lib/trpc/client';
import { useKeepDocument } from './legal-bits';

/** Replacement by a paper note (Additional Protocol art. 5(1)(f)): asked in a dialog, with the reason; it cannot be undone. */
export function ReplaceByPaper({ document }: { document: FreightDocumentResponse }) {
  const t = useTranslations('legal.paper');
  const errorsTitle = useTranslations('errors');
  const trpc = useTRPC();
  const keep = useKeepDocument(document.freightDocumentId);
  const replace = useMutation(trpc.legalEvents.replaceByPaper.mutationOptions());
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FieldError[]>([]);

  return (
    <>
      <p className="actions">
        <button type="button" className="button button-secondary" onClick={() => (setErrors([]), setOpen(true))}>
          {t('open')}
        </button>
      </p>
      {open ? (
        <ConfirmDialog
          id="replace-by-paper"
          title={t('title')}
          text={t('lead')}
          errors={errors}
          errorsTitle={errorsTitle('summaryTitle')}
          keepLabel={t('cancel')}
          confirmLabel={t('submit')}
          pendingLabel={t('submit')}
          pending={replace.isPending}
          onClose={() => setOpen(false)}
          onConfirm={() => {
            if (replace.isPending) return;
            replace.mutate(
              { freightDocumentId: document.freightDocumentId, body: { reason, previousCommits: document.previousCommits } },
              {
                onSuccess: async (updated) => {
                  await keep(updated);
                  setOpen(false);
                },
                onError: (error) => setErrors(errorsFromCall(error)),
              },
            );
          }}
        >
          <div className="field">
            <label htmlFor="replace-reason">{t('reason')}</label>
            <textarea id="replace-reason" className="input" rows={3} value={reason} onChange={(event) => setReason(event.target.value)} />
          </div>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
