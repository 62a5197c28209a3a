/**
 * Codes people can type (issue 19 item 5): a 25-digit code field keeps digits only, groups them 5×5 as typed, takes
 * a pasted code with spaces or line breaks as it is, and renders with a numeric keypad and its digit count.
 */
import { NextIntlClientProvider } from 'next-intl';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CodeField, codeDigits, groupDigits } from '@/components/tablet/code-fields';

describe('code fields', () => {
  it('keep the digits of what was typed or pasted, at most 25', () => {
    expect(codeDigits('12345 67890\n12345-67890 12345')).toBe('1234567890123456789012345');
    expect(codeDigits('1234a')).toBe('1234');
    expect(codeDigits('9'.repeat(30))).toHaveLength(25);
  });

  it('group them five by five as they are typed', () => {
    expect(groupDigits('1234567').join(' ')).toBe('12345 67');
    expect(groupDigits('1234512345123451234512345').join(' ')).toBe('12345 12345 12345 12345 12345');
    expect(groupDigits('')).toEqual([]);
  });

  it('render grouped, with a numeric keypad and the hint that counts the digits', () => {
    const html = renderToStaticMarkup(
      createElement(
        NextIntlClientProvider,
        { locale: 'en', messages: {} },
        createElement(CodeField, { id: 'c', label: 'Code', value: '1234567', onChange: () => {}, hint: '7 of 25 digits' }),
      ),
    );
    expect(html).toContain('value="12345 67"');
    expect(html).toMatch(/inputMode="numeric"/i);
    expect(html).toContain('7 of 25 digits');
  });
});
