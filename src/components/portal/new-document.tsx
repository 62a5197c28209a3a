'use client';
import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { DocumentForm } from '@/components/documents/document-form';
import { copyForm, formFromDocument, type DocumentFormState } from '@/lib/portal/document-form';
import { useTRPC } from '@/lib/trpc/client';

/** A new draft, empty or started from one of the account's saved templates. */
export function NewDocument() {
  const t = useTranslations('portal.templates');
  const trpc = useTRPC();
  const templates = useQuery(trpc.portal.templates.queryOptions());
  const [chosen, setChosen] = useState('');
  const [start, setStart] = useState<{ key: number; initial?: DocumentFormState; name?: string }>({ key: 0 });
  const list = templates.data ?? [];
  return (
    <>
      {list.length > 0 ? (
        <div className="panel template-picker">
          <label htmlFor="template-choice">{t('startFrom')}</label>
          <div className="search-row">
            <select id="template-choice" className="input" value={chosen} onChange={(event) => setChosen(event.target.value)}>
              <option value="">{t('empty')}</option>
              {list.map((template) => (
                <option key={template.templateId} value={template.templateId}>
                  {template.name}
                </option>
              ))}
            </select>
            <button
              type="button"
              className="button button-secondary"
              onClick={() => {
                const template = list.find((item) => item.templateId === chosen);
                // A new form (new key): the form reads its initial state once.
                setStart((current) => ({
                  key: current.key + 1,
                  initial: template ? copyForm(formFromDocument(template.body)) : undefined,
                  name: template?.name,
                }));
              }}
            >
              {t('use')}
            </button>
          </div>
          <p role="status" className="hint">
            {start.name ? t('using', { name: start.name }) : ''}
          </p>
        </div>
      ) : null}
      <DocumentForm key={start.key} mode="create" initial={start.initial} />
    </>
  );
}
