/**
 * The country picker the instruction form now uses (issue 34 item 5): names in the page's language, sorted as it
 * sorts, the ISO 3166-1 alpha-3 code as each option's value. (After hydration only: the hook is made true here.)
 */
import { NextIntlClientProvider } from 'next-intl';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { CountrySelect } from '@/components/portal/country-select';
import { FORMATS } from '@/lib/i18n/config';
import { MESSAGES } from '@/messages';

vi.mock('@/components/forms/use-hydrated', () => ({ useHydrated: () => true }));

function render(locale: 'en' | 'de' | 'pl', value = '') {
  return renderToStaticMarkup(
    createElement(
      NextIntlClientProvider,
      { locale, messages: MESSAGES[locale], formats: FORMATS, timeZone: 'UTC' },
      createElement(CountrySelect, { idPrefix: 'instruction-party', name: 'countryCode', value, onChange: () => {} }),
    ),
  );
}

describe('the country picker', () => {
  it.each([
    ['en', 'Germany'],
    ['de', 'Deutschland'],
    ['pl', 'Niemcy'],
  ] as const)('%s: names the country in the page’s language, the value is alpha-3', (locale, name) => {
    const html = render(locale);
    expect(html).toContain(`<option value="DEU">${name}</option>`);
    expect(html).toContain('id="instruction-party-countryCode"');
  });

  it('a typed lower-case code is selected as its alpha-3 value', () => {
    expect(render('en', 'nld')).toMatch(/<option value="NLD" selected="">Netherlands<\/option>/);
  });
});
