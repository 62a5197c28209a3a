'use client';
import Link from 'next/link';
import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { ErrorSummary } from '@/components/forms/error-summary';
import { errorsFromCall, validate, type FieldError } from '@/components/forms/errors';
import { NewPasswordField } from '@/components/forms/new-password-field';
import { SubmitButton } from '@/components/forms/submit-button';
import { useHydrated } from '@/components/forms/use-hydrated';
import { resetPasswordInput } from '@/lib/schemas/password-reset';
import { useTRPC } from '@/lib/trpc/client';

const ID = 'reset';

/** The new password, from the one-time link in the mail; an expired or used link says so and offers a new one. */
export function ResetPasswordForm({ token }: { token: string }) {
  const t = useTranslations('portal.resetPassword');
  const signup = useTranslations('signup');
  const trpc = useTRPC();
  const reset = useMutation(trpc.portal.resetPassword.mutationOptions());
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [done, setDone] = useState(false);
  const hydrated = useHydrated();
  const linkSpent = errors.some((error) => error.field === 'token');

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = { token, newPassword: String(new FormData(event.currentTarget).get('newPassword') ?? '') };
    const checked = validate(resetPasswordInput, input);
    if (!checked.ok) return setErrors(checked.errors);
    setErrors([]);
    reset.mutate(checked.data, { onSuccess: () => setDone(true), onError: (error) => setErrors(errorsFromCall(error)) });
  }

  if (done) {
    return (
      <>
        <p className="panel panel-success" role="status">
          {t('done')}
        </p>
        <p>
          <Link className="button button-primary" href="/login">
            {t('signIn')}
          </Link>
        </p>
      </>
    );
  }
  return (
    <form className="form" method="post" onSubmit={onSubmit} noValidate aria-labelledby="reset-title">
      <ErrorSummary errors={errors} idPrefix={ID} fields={['newPassword']} />
      {linkSpent ? (
        <p>
          <Link href="/forgot-password">{t('askAgain')}</Link>
        </p>
      ) : null}
      <NewPasswordField
        idPrefix={ID}
        name="newPassword"
        label={t('newPassword')}
        hint={signup('passwordHint')}
        error={errors.find((error) => error.field === 'newPassword')}
      />
      <div className="actions">
        <SubmitButton pending={reset.isPending} disabled={!hydrated} label={t('save')} pendingLabel={t('saving')} />
      </div>
    </form>
  );
}
