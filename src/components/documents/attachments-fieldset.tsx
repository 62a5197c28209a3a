'use client';
import { useFormatter, useTranslations } from 'next-intl';
import { useState, type ChangeEvent } from 'react';
import { Field, fieldId } from '@/components/forms/field';
import { Fieldset } from '@/components/forms/fieldset';
import { SelectField } from '@/components/forms/select-field';
import { useEnumLabel } from '@/components/i18n/labels';
import { useFormatBytes } from '@/components/i18n/sizes';
import {
  ATTACHMENT_MIME_TYPES,
  ATTACHMENT_TYPES,
  MAX_ATTACHMENT_BYTES,
  MAX_IMAGE_BYTES,
  attachmentTotals,
  newKey,
  type AttachmentForm,
  type DocumentFormState,
  type NewAttachmentForm,
} from '@/lib/portal/document-form';
import type { PlacedErrors } from './placed-errors';

interface AttachmentsFieldsetProps {
  idPrefix: string;
  state: Pick<DocumentFormState, 'attachments'>;
  errors: PlacedErrors;
  onAdd: (files: NewAttachmentForm[]) => void;
  onChange: (key: string, patch: Partial<NewAttachmentForm>) => void;
  onRemove: (key: string) => void;
}

const EXTENSION_TYPES: Record<string, string> = { pdf: 'application/pdf', png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg' };

function mimeTypeOf(file: File): string {
  if (file.type) return file.type;
  return EXTENSION_TYPES[file.name.split('.').pop()?.toLowerCase() ?? ''] ?? '';
}

/** The file's bytes as base64, read in the browser (the body carries attachments inline, contract §10). */
function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result ?? '');
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}

/**
 * Attachments by upload: PDF, PNG or JPEG, read to base64 here, with their type and seal. The limits of
 * spec §8 are warned about as files are added; the server enforces them (3.34) and sniffs the real type (3.8).
 */
export function AttachmentsFieldset({ idPrefix, state, errors, onAdd, onChange, onRemove }: AttachmentsFieldsetProps) {
  const t = useTranslations('documents.attachments');
  const common = useTranslations('common');
  const label = useEnumLabel();
  const formatBytes = useFormatBytes();
  const format = useFormatter();
  const [problem, setProblem] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const inputId = fieldId(idPrefix, 'attachments-upload');
  const { total, images } = attachmentTotals(state);
  const warnings = [
    total > MAX_ATTACHMENT_BYTES ? t('tooLarge', { total: formatBytes(total), max: formatBytes(MAX_ATTACHMENT_BYTES) }) : null,
    images > MAX_IMAGE_BYTES ? t('imagesTooLarge', { total: formatBytes(images), max: formatBytes(MAX_IMAGE_BYTES) }) : null,
  ].filter((warning): warning is string => warning !== null);

  async function onFiles(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const files = Array.from(input.files ?? []);
    const accepted = files.filter((file) => (ATTACHMENT_MIME_TYPES as readonly string[]).includes(mimeTypeOf(file)));
    const refused = files.filter((file) => !accepted.includes(file)).map((file) => file.name);
    setProblem(refused.length > 0 ? t('refused', { files: format.list(refused, { type: 'unit' }) }) : null);
    if (accepted.length === 0) {
      input.value = '';
      return;
    }
    setReading(true);
    try {
      const added = await Promise.all(
        accepted.map(async (file) => ({
          kind: 'new' as const,
          key: newKey('attachment'),
          type: 'GENERAL',
          name: '',
          originalFileName: file.name,
          mimeType: mimeTypeOf(file),
          sealed: false,
          size: file.size,
          content: await readBase64(file),
        })),
      );
      onAdd(added);
    } catch {
      setProblem(
        t('unreadable', {
          files: format.list(
            accepted.map((file) => file.name),
            { type: 'unit' },
          ),
        }),
      );
    } finally {
      setReading(false);
      // The same file can be chosen again after it was removed.
      input.value = '';
    }
  }

  // Each new file's position among the new ones: its index in the submitted `attachments` array.
  const newIndexOf = new Map(state.attachments.filter((file) => file.kind !== 'kept').map((file, index) => [file.key, index]));
  return (
    <Fieldset
      idPrefix={idPrefix}
      path="attachments"
      legend={<h2>{t('legend')}</h2>}
      hint={t('hint', { maxTotal: formatBytes(MAX_ATTACHMENT_BYTES), maxImages: formatBytes(MAX_IMAGE_BYTES) })}
      errors={errors.all('attachments')}
    >
      <div className={`field${problem ? ' field-invalid' : ''}`}>
        <label htmlFor={inputId}>{t('addFiles')}</label>
        <input
          id={inputId}
          type="file"
          multiple
          accept=".pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg"
          onChange={onFiles}
          aria-describedby={problem ? `${inputId}-error` : undefined}
          aria-invalid={problem ? true : undefined}
        />
        {reading ? (
          <p className="hint" role="status">
            {t('reading')}
          </p>
        ) : null}
        {problem ? (
          <p id={`${inputId}-error`} className="field-error">
            <span className="visually-hidden">{common('errorPrefix')} </span>
            {problem}
          </p>
        ) : null}
      </div>
      <div aria-live="polite">
        {warnings.map((warning) => (
          <p key={warning} className="warning">
            <strong>{common('warningPrefix')} </strong>
            {warning}
          </p>
        ))}
      </div>
      {state.attachments.length > 0 ? (
        <ul className="attachment-list">
          {state.attachments.map((file: AttachmentForm) => {
            if (file.kind === 'kept') {
              return (
                <li key={file.key} className="attachment">
                  <p className="attachment-title">
                    <strong>{file.originalFileName}</strong>{' '}
                    <span className="hint">
                      {formatBytes(file.size)} · {label('attachmentType', file.type)}
                      {file.sealed ? ` · ${t('sealed')}` : ''} · {t('alreadyAttached')}
                    </span>
                  </p>
                  <button type="button" className="button button-secondary" onClick={() => onRemove(file.key)}>
                    {t('remove', { file: file.originalFileName })}
                  </button>
                </li>
              );
            }
            const path = `attachments[${newIndexOf.get(file.key)}]`;
            return (
              <li key={file.key} className="attachment">
                <Fieldset idPrefix={idPrefix} path={path} legend={file.originalFileName} errors={errors.all(path)} className="row">
                  <p className="hint" data-testid="attachment-size">
                    {formatBytes(file.size)} · {file.mimeType}
                  </p>
                  <div className="grid">
                    <SelectField
                      idPrefix={idPrefix}
                      name={`${path}.type`}
                      label={t('type')}
                      options={ATTACHMENT_TYPES.map((type) => ({ value: type, label: label('attachmentType', type) }))}
                      value={file.type}
                      onChange={(event) => onChange(file.key, { type: event.target.value })}
                      error={errors.at(`${path}.type`)}
                    />
                    <Field
                      idPrefix={idPrefix}
                      name={`${path}.name`}
                      label={t('title')}
                      optional
                      autoComplete="off"
                      value={file.name}
                      onChange={(event) => onChange(file.key, { name: event.target.value })}
                      error={errors.at(`${path}.name`)}
                    />
                  </div>
                  <Field
                    idPrefix={idPrefix}
                    name={`${path}.sealed`}
                    label={t('sealedLabel')}
                    type="checkbox"
                    checked={file.sealed}
                    onChange={(event) => onChange(file.key, { sealed: event.target.checked })}
                    error={errors.at(`${path}.sealed`)}
                  />
                  <div className="actions">
                    <button type="button" className="button button-secondary" onClick={() => onRemove(file.key)}>
                      {t('remove', { file: file.originalFileName })}
                    </button>
                  </div>
                </Fieldset>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="hint">{t('none')}</p>
      )}
    </Fieldset>
  );
}
