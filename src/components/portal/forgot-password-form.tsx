'use client';
import Link from 'next/link';
import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { ErrorSummary } from '@/components/forms/error-summary';
import { errorsFromCall, validate, type FieldError } from '@/components/forms/errors';
import { Field } from '@/components/forms/field';
import { SubmitButton } from '@/components/forms/submit-button';
import { useHydrated } from '@/components/forms/use-hydrated';
import { requestPasswordResetInput } from '@/lib/schemas/password-reset';
import { useTRPC } from '@/lib/trpc/client';

const ID = 'forgot';

/** Asks for a reset link by e-mail; the answer never says whether the address has an account. */
export function ForgotPasswordForm() {
  const t = useTranslations('portal.forgotPassword');
  const trpc = useTRPC();
  const request = useMutation(trpc.portal.requestPasswordReset.mutationOptions());
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [sentTo, setSentTo] = useState('');
  // A press before the page's script ran would post the form natively and lose the answer: wait for it.
  const hydrated = useHydrated();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = { email: String(new FormData(event.currentTarget).get('email') ?? '').trim() };
    const checked = validate(requestPasswordResetInput, input);
    if (!checked.ok) return setErrors(checked.errors);
    setErrors([]);
    request.mutate(checked.data, { onSuccess: () => setSentTo(checked.data.email), onError: (error) => setErrors(errorsFromCall(error)) });
  }

  if (sentTo) {
    return (
      <>
        <p className="panel panel-success" role="status">
          {t('sent', { email: sentTo })}
        </p>
        <p>
          <Link href="/login">{t('backToSignIn')}</Link>
        </p>
      </>
    );
  }
  return (
    <form className="form" method="post" onSubmit={onSubmit} noValidate aria-labelledby="forgot-title">
      <ErrorSummary errors={errors} idPrefix={ID} fields={['email']} />
      <Field idPrefix={ID} name="email" label={t('email')} type="email" autoComplete="email" required error={errors.find((error) => error.field === 'email')} />
      <div className="actions">
        <SubmitButton pending={request.isPending} disabled={!hydrated} label={t('send')} pendingLabel={t('sending')} />
        <Link href="/login">{t('backToSignIn')}</Link>
      </div>
    </form>
  );
}
