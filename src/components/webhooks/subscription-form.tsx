'use client';
import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { validate, type FieldError } from '@/components/forms/errors';
import { SubmitButton } from '@/components/forms/submit-button';
import { FormErrors, TextField } from '@/components/delegation/text-field';
import { createSubscriptionInput } from '@/lib/schemas/subscriptions';

/** The callback address carries the resource's limit too: 4.15 is about adding one more address here. */
const AT_THE_FIELD = ['4.14', '4.15'];

interface SubscriptionFormProps {
  idPrefix: string;
  pending: boolean;
  errors: readonly FieldError[];
  onSubmit: (callbackUrl: string) => void;
}

/** Subscribe an address (contract §11), checked with the request schema first; 4.14 and 4.15 are shown at the field. */
export function SubscriptionForm({ idPrefix, pending, errors, onSubmit }: SubscriptionFormProps) {
  const t = useTranslations('delegation.subscriptions');
  const [local, setLocal] = useState<FieldError[]>([]);
  const shown = local.length > 0 ? local : errors;
  const atField = shown.find((error) => error.field === 'callbackUrl' || AT_THE_FIELD.includes(error.code));
  const other = shown.filter((error) => error !== atField);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const callbackUrl = String(new FormData(event.currentTarget).get('callbackUrl') ?? '').trim();
    const checked = validate(createSubscriptionInput, { callbackUrl });
    if (!checked.ok) {
      setLocal(checked.errors);
      return;
    }
    setLocal([]);
    onSubmit(callbackUrl);
  }

  return (
    <form className="form" method="post" onSubmit={submit} noValidate aria-labelledby={`${idPrefix}-form-title`}>
      <h3 id={`${idPrefix}-form-title`}>{t('formTitle')}</h3>
      <FormErrors errors={other} title={t('failed')} />
      <TextField
        id={`${idPrefix}-callbackUrl`}
        name="callbackUrl"
        type="url"
        inputMode="url"
        autoComplete="url"
        spellCheck={false}
        placeholder="https://tms.example.com/fds-events"
        label={t('callbackUrl')}
        hint={t('callbackUrlHint')}
        error={atField}
      />
      <div className="actions">
        <SubmitButton pending={pending} label={t('submit')} pendingLabel={t('pending')} />
      </div>
    </form>
  );
}
