'use client';
import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useState, useTransition, type FormEvent } from 'react';
import { useRouter } from 'next/navigation';
import { rememberLocale } from '@/lib/i18n/switch-locale';
import { isLocale, LOCALES, type Locale } from '@/lib/i18n/locales';
import { useTRPC } from '@/lib/trpc/client';
import { errorsFromCall, type FieldError } from './forms/errors';
import { ErrorSummary } from './forms/error-summary';
import { SubmitButton } from './forms/submit-button';
import { fieldId } from './forms/field';
import { describedByOf, FieldFrame } from './forms/field-frame';

const ID = 'language';

/**
 * The account's preferred language (tRPC `account.changeLocale`): the language of its e-mails. Saving also
 * switches this browser's portal to it, so that one choice covers both.
 */
export function AccountLanguageForm({ locale }: { locale: Locale }) {
  const t = useTranslations('account.language');
  const names = useTranslations('language.names');
  const trpc = useTRPC();
  const change = useMutation(trpc.account.changeLocale.mutationOptions());
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [saved, setSaved] = useState(false);
  const [switching, startSwitch] = useTransition();
  const id = fieldId(ID, 'locale');
  const router = useRouter();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (change.isPending || switching) return;
    const chosen = new FormData(event.currentTarget).get('locale');
    if (!isLocale(chosen)) return;
    setSaved(false);
    setErrors([]);
    change.mutate(
      { locale: chosen },
      {
        onSuccess: () =>
          startSwitch(async () => {
            if (await rememberLocale(chosen)) router.refresh();
            setSaved(true);
          }),
        onError: (error) => setErrors(errorsFromCall(error)),
      },
    );
  }

  return (
    <form className="form" method="post" onSubmit={onSubmit} noValidate aria-labelledby="language-title">
      <h2 id="language-title">{t('title')}</h2>
      <ErrorSummary errors={errors} idPrefix={ID} fields={['locale']} />
      {saved ? (
        <div className="banner banner-success" role="status">
          {t('saved')}
        </div>
      ) : null}
      <FieldFrame id={id} label={t('label')} hint={t('hint')} error={errors.find((error) => error.field === 'locale')}>
        <select id={id} name="locale" className="input" defaultValue={locale} aria-describedby={describedByOf({ id, hint: t('hint') })}>
          {LOCALES.map((option) => (
            <option key={option} value={option} lang={option}>
              {names(option)}
            </option>
          ))}
        </select>
      </FieldFrame>
      <div className="actions">
        <SubmitButton pending={change.isPending || switching} label={t('submit')} pendingLabel={t('pending')} variant="secondary" />
      </div>
    </form>
  );
}
