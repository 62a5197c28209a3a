'use client';
import { useLocale, useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useRef, useTransition, type FormEvent, type KeyboardEvent } from 'react';
import { LOCALE_ROUTE, rememberLocale } from '@/lib/i18n/switch-locale';
import { isLocale, LOCALES } from '@/lib/i18n/locales';

/**
 * The header's language menu: a disclosure (works without JavaScript) with one button per language, each
 * named in its own language. Choosing one sets the portal's language cookie through the locale route (contract §1:
 * no server actions) and refreshes the page; the URL stays the same. Without JavaScript the form posts to the route,
 * which sends the browser back to the page.
 */
export function LanguageSwitch() {
  const t = useTranslations('language');
  const current = useLocale();
  const [pending, startTransition] = useTransition();
  const menu = useRef<HTMLDetailsElement>(null);
  const router = useRouter();

  function close(focusSummary: boolean) {
    if (!menu.current?.open) return;
    menu.current.open = false;
    if (focusSummary) menu.current.querySelector('summary')?.focus();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const choice = (event.nativeEvent as SubmitEvent).submitter?.getAttribute('value');
    close(true);
    if (!isLocale(choice) || choice === current) return;
    startTransition(async () => {
      if (await rememberLocale(choice)) router.refresh();
    });
  }

  return (
    <details
      ref={menu}
      className="language-switch"
      data-testid="language-switch"
      onKeyDown={(event: KeyboardEvent) => {
        if (event.key === 'Escape') close(true);
      }}
    >
      <summary aria-busy={pending || undefined}>
        <span className="visually-hidden">{t('label')}: </span>
        <span aria-hidden="true" className="language-icon">
          {/* A globe, drawn: no icon font, no external request. */}
          <svg width="16" height="16" viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="1.3">
            <circle cx="8" cy="8" r="6.5" />
            <path d="M1.5 8h13M8 1.5c2 2 2.6 4.3 2.6 6.5S10 12.5 8 14.5M8 1.5C6 3.5 5.4 5.8 5.4 8S6 12.5 8 14.5" />
          </svg>
        </span>
        <span lang={current}>{t(`names.${current}`)}</span>
      </summary>
      <form action={LOCALE_ROUTE} method="post" onSubmit={onSubmit} className="language-menu" aria-label={t('choose')}>
        <ul>
          {LOCALES.map((locale) => (
            <li key={locale}>
              <button type="submit" name="locale" value={locale} lang={locale} aria-current={locale === current ? 'true' : undefined}>
                <span className="language-check" aria-hidden="true">
                  {locale === current ? '✓' : ''}
                </span>
                {t(`names.${locale}`)}
              </button>
            </li>
          ))}
        </ul>
      </form>
    </details>
  );
}
