/**
 * The message catalogues (src/messages): every language has exactly the keys of English, no empty text, and
 * the same ICU arguments and tags in every message, so that a translation can never drop a value or a link.
 */
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { errorCodes } from '@/lib/errors/catalogue';
import { LOCALES } from '@/lib/i18n/locales';
import { MESSAGES } from '@/messages';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [inner, text] of flatten(value, path)) out.set(inner, text);
  }
  return out;
}

/** The arguments (with their kind) and tags a message uses, sorted; plural and select branches included. */
function signature(message: string): string[] {
  const found = new Set<string>();
  const visit = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      switch (element.type) {
        case TYPE.argument:
          found.add(`{${element.value}}`);
          break;
        case TYPE.number:
        case TYPE.date:
        case TYPE.time:
          found.add(`{${element.value}, ${TYPE[element.type]}}`);
          break;
        case TYPE.plural:
        case TYPE.select:
          found.add(`{${element.value}, ${TYPE[element.type]}}`);
          for (const option of Object.values(element.options)) visit(option.value);
          break;
        case TYPE.tag:
          found.add(`<${element.value}>`);
          visit(element.children);
          break;
        default:
          break;
      }
    }
  };
  visit(parse(message));
  return [...found].sort();
}

const english = flatten(MESSAGES.en as unknown as Tree);

describe('message catalogues', () => {
  it('English has a text for every code of the error catalogue', () => {
    const missing = errorCodes.filter((code) => !english.has(`errors.code.${code.replace('.', '_')}`));
    expect(missing).toEqual([]);
  });

  it.each(LOCALES)('%s: every message parses as ICU and is not empty', (locale) => {
    for (const [key, text] of flatten(MESSAGES[locale] as unknown as Tree)) {
      expect(text.trim(), key).not.toBe('');
      expect(() => parse(text), `${locale} ${key}`).not.toThrow();
    }
  });

  it.each(LOCALES.filter((locale) => locale !== 'en'))('%s has exactly the keys of English, with the same arguments and tags', (locale) => {
    const catalogue = flatten(MESSAGES[locale] as unknown as Tree);
    expect(
      [...catalogue.keys()].filter((key) => !english.has(key)),
      'keys English does not have',
    ).toEqual([]);
    expect(
      [...english.keys()].filter((key) => !catalogue.has(key)),
      'keys missing',
    ).toEqual([]);
    for (const [key, text] of english) expect(signature(catalogue.get(key)!), `${locale} ${key}`).toEqual(signature(text));
  });

  it.each(LOCALES.filter((locale) => locale !== 'en'))('%s is a translation, not a copy of English', (locale) => {
    const catalogue = flatten(MESSAGES[locale] as unknown as Tree);
    // Names (the service's, the languages') and unit patterns may stay alike in another language; prose may not.
    const sameEverywhere = /^(meta\.pageTitle|meta\.serviceName|language\.names\..+|common\.size\..+|portal\.documentTitle\..+)$/;
    const copied = [...english].filter(([key, text]) => !sameEverywhere.test(key) && catalogue.get(key) === text && text.split(' ').length >= 3);
    expect(copied.map(([key]) => key)).toEqual([]);
  });
});
