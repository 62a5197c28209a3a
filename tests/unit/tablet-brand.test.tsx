/**
 * The counter party's phone (`/respond`) shares the tablet's layout (issue 34 item 5): its header does not say "on
 * the tablet" in any language and is short enough for one line of a 390 px phone; the driver's tablet keeps its own.
 */
import { NextIntlClientProvider } from 'next-intl';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { TabletBrand } from '@/components/tablet/tablet-brand';
import { FORMATS } from '@/lib/i18n/config';
import { LOCALES } from '@/lib/i18n/locales';
import { MESSAGES } from '@/messages';

const pathname = vi.hoisted(() => ({ current: '/respond' }));
vi.mock('next/navigation', () => ({ usePathname: () => pathname.current }));

function brand(locale: (typeof LOCALES)[number], path: string) {
  pathname.current = path;
  const html = renderToStaticMarkup(
    createElement(NextIntlClientProvider, { locale, messages: MESSAGES[locale], formats: FORMATS, timeZone: 'UTC' }, createElement(TabletBrand)),
  );
  return html.replace(/<[^>]+>/g, '');
}

describe('the header on the counter party’s phone', () => {
  it.each(LOCALES)('names no tablet and fits a 390 px line (%s)', (locale) => {
    const text = brand(locale, '/respond');
    expect(text).toContain(MESSAGES[locale].meta.serviceName);
    expect(text).not.toMatch(/tablet|tablette|tablecie/i);
    // Bold 16 px runs about 9 px a character: 358 px of line (390 less the padding) holds about 38.
    expect(text.length).toBeLessThanOrEqual(38);
  });

  it('the tablet keeps its own name and link', () => {
    pathname.current = '/tablet';
    const html = renderToStaticMarkup(
      createElement(NextIntlClientProvider, { locale: 'en', messages: MESSAGES.en, formats: FORMATS, timeZone: 'UTC' }, createElement(TabletBrand)),
    );
    expect(html).toContain('href="/tablet"');
    expect(html).toContain('on the tablet');
  });
});
