'use client';
import Link from 'next/link';
import { useMutation } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { createAccountInput, type CreateAccountInput } from '@/lib/schemas/account';
import { useTRPC } from '@/lib/trpc/client';
import { byField, errorsFromCall, validate, type FieldError } from './forms/errors';
import { ErrorSummary } from './forms/error-summary';
import { Field } from './forms/field';
import { NewPasswordField } from './forms/new-password-field';
import { SubmitButton } from './forms/submit-button';
import { ActivationHelp } from './activation-help';

const ID = 'signup';
const FIELDS = ['name', 'email', 'password', 'phoneNumber', 'companyName', 'acceptTermsAndConditions'] as const;

function readForm(form: HTMLFormElement): CreateAccountInput {
  const data = new FormData(form);
  const text = (name: string) => String(data.get(name) ?? '');
  const optionalText = (name: string) => text(name).trim() || undefined;
  return {
    name: text('name'),
    email: text('email').trim(),
    password: text('password'),
    phoneNumber: optionalText('phoneNumber'),
    companyName: optionalText('companyName'),
    acceptTermsAndConditions: data.get('acceptTermsAndConditions') === 'on',
  };
}

/** Sign-up (contract §3) through tRPC `account.signUp`; validated first with the same schema as the API. */
export function SignUpForm({ partnerEnvironment, email }: { partnerEnvironment: boolean; /** From an invitation link. */ email?: string }) {
  const t = useTranslations('signup');
  const portal = useTranslations('portal.signup');
  // The language the person reads the form in becomes the language of their e-mails (changeable later).
  const locale = useLocale();
  const trpc = useTRPC();
  const signUp = useMutation(trpc.account.signUp.mutationOptions());
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [created, setCreated] = useState<{ email: string } | null>(null);
  const confirmation = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (created) confirmation.current?.focus();
  }, [created]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (signUp.isPending) return;
    const input = readForm(event.currentTarget);
    const checked = validate(createAccountInput, input);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors([]);
    signUp.mutate(
      { ...input, locale },
      {
        // The answer is the same whether or not the address had an account (issue 20): the e-mail tells which.
        onSuccess: () => setCreated({ email: input.email }),
        onError: (error) => setErrors(errorsFromCall(error)),
      },
    );
  }

  if (created) {
    return (
      <section className="panel panel-success" aria-labelledby="signup-done-title">
        <h2 id="signup-done-title" ref={confirmation} tabIndex={-1}>
          {t('doneTitle')}
        </h2>
        <p>{t.rich('doneText', { email: created.email, strong: (chunks) => <strong>{chunks}</strong> })}</p>
        {/* No mail goes out here, and the mailbox is not readable before activation (issue 7: an address must not be taken
            over by signing up for it): the operator's command for this address (issue 34). */}
        {partnerEnvironment ? <ActivationHelp email={created.email} /> : null}
        <p>
          <Link href="/login">{t('goToSignIn')}</Link>
        </p>
      </section>
    );
  }

  const fieldErrors = byField(errors);
  return (
    <form className="form" method="post" onSubmit={onSubmit} noValidate aria-labelledby="signup-title">
      <ErrorSummary errors={errors} idPrefix={ID} fields={FIELDS} />
      <Field idPrefix={ID} name="name" label={t('name')} autoComplete="name" required error={fieldErrors.name} />
      <Field idPrefix={ID} name="email" label={t('email')} type="email" autoComplete="email" required defaultValue={email} error={fieldErrors.email} />
      <NewPasswordField idPrefix={ID} name="password" label={t('password')} hint={t('passwordHint')} error={fieldErrors.password} />
      <Field idPrefix={ID} name="phoneNumber" label={t('phoneNumber')} type="tel" autoComplete="tel" optional error={fieldErrors.phoneNumber} />
      <Field idPrefix={ID} name="companyName" label={t('companyName')} autoComplete="organization" optional error={fieldErrors.companyName} />
      <Field idPrefix={ID} name="acceptTermsAndConditions" label={t('acceptTerms')} type="checkbox" required error={fieldErrors.acceptTermsAndConditions} />
      <p className="hint">
        <Link href="/terms" target="_blank">
          {portal('readTerms')}
        </Link>
      </p>
      <div className="actions">
        <SubmitButton pending={signUp.isPending} label={t('submit')} pendingLabel={t('pending')} />
      </div>
    </form>
  );
}
