'use client';
import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useRef, useState, type FormEvent } from 'react';
import { changePasswordInput, type ChangePasswordInput } from '@/lib/schemas/account';
import { useTRPC } from '@/lib/trpc/client';
import { byField, errorsFromCall, validate, type FieldError } from './forms/errors';
import { ErrorSummary } from './forms/error-summary';
import { Field } from './forms/field';
import { NewPasswordField } from './forms/new-password-field';
import { SubmitButton } from './forms/submit-button';

const ID = 'password';
const FIELDS = ['oldPassword', 'newPassword'] as const;

/** Password change through tRPC `account.changePassword` (contract §3: wrong old 1.7, equal 3.7). */
export function ChangePasswordForm() {
  const t = useTranslations('account.password');
  const trpc = useTRPC();
  const change = useMutation(trpc.account.changePassword.mutationOptions());
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [changed, setChanged] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (change.isPending) return;
    const data = new FormData(event.currentTarget);
    const input: ChangePasswordInput = { oldPassword: String(data.get('oldPassword') ?? ''), newPassword: String(data.get('newPassword') ?? '') };
    setChanged(false);
    const checked = validate(changePasswordInput, input);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors([]);
    change.mutate(input, {
      onSuccess: () => {
        setChanged(true);
        form.current?.reset();
      },
      onError: (error) => setErrors(errorsFromCall(error)),
    });
  }

  const fieldErrors = byField(errors);
  return (
    <form ref={form} className="form" method="post" onSubmit={onSubmit} noValidate aria-labelledby="password-title">
      <h2 id="password-title">{t('title')}</h2>
      <ErrorSummary errors={errors} idPrefix={ID} fields={FIELDS} />
      {changed ? (
        <div className="banner banner-success" role="status">
          {/* A plain link: every session has ended, so the next page load must start from the server. */}
          {t.rich('changed', { link: (chunks) => <a href="/login">{chunks}</a> })}
        </div>
      ) : null}
      <Field idPrefix={ID} name="oldPassword" label={t('current')} type="password" autoComplete="current-password" required error={fieldErrors.oldPassword} />
      <NewPasswordField idPrefix={ID} name="newPassword" label={t('new')} hint={t('newHint')} error={fieldErrors.newPassword} />
      <div className="actions">
        <SubmitButton pending={change.isPending} label={t('submit')} pendingLabel={t('pending')} />
      </div>
    </form>
  );
}
