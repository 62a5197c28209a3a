'use client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { DocumentForm } from '@/components/documents/document-form';
import { errorsFromCall, type FieldError } from '@/components/forms/errors';
import { ConfirmDialog } from '@/components/forms/confirm-dialog';
import { copyForm, formFromDocument, type DocumentFormState } from '@/lib/portal/document-form';
import { useTRPC } from '@/lib/trpc/client';

/** A new draft, empty or started from one of the account's saved templates; a template no longer wanted is deleted here. */
export function NewDocument() {
  const t = useTranslations('portal.templates');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const templates = useQuery(trpc.portal.templates.queryOptions());
  const remove = useMutation(trpc.portal.deleteTemplate.mutationOptions());
  const [chosen, setChosen] = useState('');
  const [start, setStart] = useState<{ key: number; initial?: DocumentFormState; name?: string }>({ key: 0 });
  const [confirming, setConfirming] = useState(false);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [notice, setNotice] = useState('');
  const list = templates.data ?? [];
  const template = list.find((item) => item.templateId === chosen);
  // One status line: inside the picker, or alone once the last template is deleted.
  const status = (
    <p role="status" className="hint">
      {notice}
    </p>
  );

  const deleteChosen = () => {
    if (!template) return;
    remove.mutate(
      { templateId: template.templateId },
      {
        onSuccess: async () => {
          await queryClient.invalidateQueries({ queryKey: trpc.portal.templates.queryKey() });
          setConfirming(false);
          setChosen('');
          setNotice(t('deleted', { name: template.name }));
        },
        onError: (error) => setErrors(errorsFromCall(error)),
      },
    );
  };

  return (
    <>
      {list.length > 0 ? (
        <div className="panel template-picker">
          <label htmlFor="template-choice">{t('startFrom')}</label>
          <div className="template-row">
            <select id="template-choice" className="input" value={chosen} onChange={(event) => setChosen(event.target.value)}>
              <option value="">{t('empty')}</option>
              {list.map((item) => (
                <option key={item.templateId} value={item.templateId}>
                  {item.name}
                </option>
              ))}
            </select>
            <button
              type="button"
              className="button button-secondary"
              onClick={() => {
                // A new form (new key): the form reads its initial state once.
                setStart((current) => ({
                  key: current.key + 1,
                  initial: template ? copyForm(formFromDocument(template.body)) : undefined,
                  name: template?.name,
                }));
                setNotice(template ? t('using', { name: template.name }) : '');
              }}
            >
              {t('use')}
            </button>
            <button
              type="button"
              className="button button-secondary"
              disabled={!template}
              onClick={() => {
                setErrors([]);
                setConfirming(true);
              }}
            >
              {t('delete')}
            </button>
          </div>
          {status}
        </div>
      ) : notice ? (
        status
      ) : null}
      {confirming && template ? (
        <ConfirmDialog
          id="delete-template"
          title={t('deleteTitle', { name: template.name })}
          text={t('deleteText')}
          errors={errors}
          errorsTitle={t('deleteFailed')}
          keepLabel={t('keep')}
          confirmLabel={t('deleteConfirm')}
          pendingLabel={t('deleting')}
          pending={remove.isPending}
          onClose={() => setConfirming(false)}
          onConfirm={deleteChosen}
        />
      ) : null}
      <DocumentForm key={start.key} mode="create" initial={start.initial} />
    </>
  );
}
