'use client';
import Link from 'next/link';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { createAccountInput, type CreateAccountInput } from '@/lib/schemas/account';
import { useTRPC } from '@/lib/trpc/client';
import { byField, errorsFromCall, validate, type FieldError } from './forms/errors';
import { ErrorSummary } from './forms/error-summary';
import { Field } from './forms/field';
import { SubmitButton } from './forms/submit-button';

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
export function SignUpForm({ partnerEnvironment }: { partnerEnvironment: boolean }) {
  const trpc = useTRPC();
  const signUp = useMutation(trpc.account.signUp.mutationOptions());
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [created, setCreated] = useState<{ email: string; accountNumber: string } | null>(null);
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
    signUp.mutate(input, {
      onSuccess: (result) => setCreated({ email: input.email, accountNumber: result.accountNumber }),
      onError: (error) => setErrors(errorsFromCall(error)),
    });
  }

  if (created) {
    return (
      <section className="panel panel-success" aria-labelledby="signup-done-title">
        <h2 id="signup-done-title" ref={confirmation} tabIndex={-1}>
          Check your e-mail
        </h2>
        <p>
          We have created your account <strong>{created.accountNumber}</strong> and sent an activation link to <strong>{created.email}</strong>. Open the link
          to activate your account, then sign in.
        </p>
        {partnerEnvironment ? (
          <p>
            In this partner (test) environment the e-mail stays on the server instead of being sent: its operator activates your account with{' '}
            <code>npm run admin -- account:activate --email {created.email}</code>. Once you are signed in, your own e-mails are in the Mailbox.
          </p>
        ) : null}
        <p>
          <Link href="/login">Go to sign-in</Link>
        </p>
      </section>
    );
  }

  const fieldErrors = byField(errors);
  return (
    <form className="form" method="post" onSubmit={onSubmit} noValidate aria-labelledby="signup-title">
      <ErrorSummary errors={errors} idPrefix={ID} fields={FIELDS} />
      <Field idPrefix={ID} name="name" label="Name" autoComplete="name" required error={fieldErrors.name} />
      <Field idPrefix={ID} name="email" label="E-mail address" type="email" autoComplete="email" required error={fieldErrors.email} />
      <Field
        idPrefix={ID}
        name="password"
        label="Password"
        type="password"
        autoComplete="new-password"
        hint="8 to 128 characters."
        required
        error={fieldErrors.password}
      />
      <Field idPrefix={ID} name="phoneNumber" label="Phone number" type="tel" autoComplete="tel" optional error={fieldErrors.phoneNumber} />
      <Field idPrefix={ID} name="companyName" label="Company" autoComplete="organization" optional error={fieldErrors.companyName} />
      <Field
        idPrefix={ID}
        name="acceptTermsAndConditions"
        label="I accept the terms and conditions"
        type="checkbox"
        required
        error={fieldErrors.acceptTermsAndConditions}
      />
      <div className="actions">
        <SubmitButton pending={signUp.isPending} label="Create account" pendingLabel="Creating account…" />
      </div>
    </form>
  );
}
