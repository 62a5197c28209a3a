'use client';
import countries from 'i18n-iso-countries';
import { useLocale, useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { SelectField } from '@/components/forms/select-field';
import type { FieldError } from '@/components/forms/errors';
import { useHydrated } from '@/components/forms/use-hydrated';

const ALPHA3 = Object.keys(countries.getAlpha3Codes());

/**
 * Every country as `{ value: alpha-3, label: name in the reader's language }`, sorted as the reader's language sorts.
 * Only in the browser, after hydration: Node's ICU and the browser's name some countries differently ("Hong Kong SAR
 * China" / "Hong Kong"), and options rendered on the server then failed hydration (React error #418, issue 19 item 7).
 */
function useCountryOptions(): { value: string; label: string }[] {
  const locale = useLocale();
  const hydrated = useHydrated();
  return useMemo(() => {
    if (!hydrated) return [];
    // The browser's own country names (CLDR), so no name list ships with the portal; the API keeps alpha-3 codes.
    const names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
    const collator = new Intl.Collator(locale);
    return ALPHA3.map((code) => {
      const alpha2 = countries.alpha3ToAlpha2(code);
      return { value: code, label: (alpha2 && names.of(alpha2)) || code };
    }).sort((a, b) => collator.compare(a.label, b.label));
  }, [locale, hydrated]);
}

/** A country's name in the reader's language for an alpha-3 code ("NLD" → "Netherlands"); the code when unknown. */
export function useCountryName(): (code: string) => string {
  const locale = useLocale();
  return useMemo(() => {
    const names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
    return (code: string) => {
      const alpha2 = countries.alpha3ToAlpha2(code.toUpperCase());
      return (alpha2 && names.of(alpha2)) || code;
    };
  }, [locale]);
}

interface CountrySelectProps {
  idPrefix: string;
  name: string;
  value: string;
  onChange: (code: string) => void;
  error?: FieldError;
}

/** A country picked by its name in the reader's language; the value is the ISO 3166-1 alpha-3 code the API takes. */
export function CountrySelect({ idPrefix, name, value, onChange, error }: CountrySelectProps) {
  const t = useTranslations('portal.party');
  const options = useCountryOptions();
  const upper = value.trim().toUpperCase();
  // A code typed elsewhere (the API, an old draft) that is no country stays visible, so its error makes sense.
  const unknown = upper && !options.some((option) => option.value === upper) ? [{ value: upper, label: upper }] : [];
  return (
    <SelectField
      idPrefix={idPrefix}
      name={name}
      label={t('country')}
      options={[{ value: '', label: t('chooseCountry') }, ...unknown, ...options]}
      value={upper}
      onChange={(event) => onChange(event.target.value)}
      error={error}
    />
  );
}
