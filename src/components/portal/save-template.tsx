'use client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { errorsFromCall, useErrorMessage } from '@/components/forms/errors';
import { useTRPC } from '@/lib/trpc/client';

/** "Save as template": the form as it is, under a name, to start the next documents from. */
export function SaveTemplate({ getBody }: { getBody: () => Record<string, unknown> }) {
  const t = useTranslations('portal.templates');
  const messageFor = useErrorMessage();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const save = useMutation(trpc.portal.saveTemplate.mutationOptions());
  const [name, setName] = useState('');
  const [message, setMessage] = useState('');
  const run = () => {
    if (!name.trim() || save.isPending) return;
    save.mutate(
      { name: name.trim(), body: getBody() },
      {
        onSuccess: async (template) => {
          setMessage(t('saved', { name: template.name }));
          await queryClient.invalidateQueries({ queryKey: trpc.portal.templates.queryKey() });
        },
        onError: (error) => setMessage(errorsFromCall(error).map(messageFor).join(' ')),
      },
    );
  };
  return (
    <details className="save-template">
      <summary>{t('saveTitle')}</summary>
      <div className="field">
        <label htmlFor="template-name">{t('name')}</label>
        <div className="search-row">
          <input
            id="template-name"
            className="input"
            value={name}
            maxLength={100}
            autoComplete="off"
            onChange={(event) => setName(event.target.value)}
            // Inside the document form: Enter saves the template, not the draft.
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                run();
              }
            }}
          />
          <button type="button" className="button button-secondary" onClick={run} disabled={!name.trim() || save.isPending}>
            {t('save')}
          </button>
        </div>
      </div>
      <p role="status" className="hint">
        {message}
      </p>
    </details>
  );
}
