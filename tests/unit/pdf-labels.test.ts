import { describe, expect, it } from 'vitest';
import { CMR_BOXES, CMR_LABELS, PDF_LANGUAGES } from '@/lib/pdf/cmr-labels';
import { labelLanguages, preferredPdfLanguage } from '@/lib/pdf/label-languages';

describe('CMR box labels', () => {
  it('every language labels all 24 boxes and every other text, each label distinct from English', () => {
    for (const lang of PDF_LANGUAGES) {
      for (const box of CMR_BOXES) expect(CMR_LABELS[lang].boxes[box], `${lang} box ${box}`).toMatch(/\S/);
      expect(Object.keys(CMR_LABELS[lang].texts).sort()).toEqual(Object.keys(CMR_LABELS.en.texts).sort());
      if (lang !== 'en') expect(CMR_LABELS[lang].boxes[1]).not.toBe(CMR_LABELS.en.boxes[1]);
    }
  });
});

describe('label languages', () => {
  it('the country pair, English always, at most three; the reader’s language first', () => {
    expect(labelLanguages({ countryCodes: ['NLD', 'DEU'] })).toEqual(['nl', 'de', 'en']);
    expect(labelLanguages({ countryCodes: ['FRA', 'FRA'] })).toEqual(['fr', 'en']);
    expect(labelLanguages({ countryCodes: ['ESP', 'ITA'] })).toEqual(['en']);
    expect(labelLanguages({ countryCodes: [null, undefined] })).toEqual(['en']);
    expect(labelLanguages({ preferred: 'pl', countryCodes: ['NLD', 'DEU'] })).toEqual(['pl', 'nl', 'en']);
    expect(labelLanguages({ preferred: 'en', countryCodes: ['NLD', 'DEU'] })).toEqual(['en', 'nl', 'de']);
    expect(labelLanguages({ preferred: 'xx', countryCodes: ['POL', 'GBR'] })).toEqual(['pl', 'en']);
  });

  it('Accept-Language names the main one; a wildcard or an unknown language names none', () => {
    expect(preferredPdfLanguage('de-CH, en;q=0.5')).toBe('de');
    expect(preferredPdfLanguage('es, fr;q=0.4')).toBe('fr');
    expect(preferredPdfLanguage('*')).toBeUndefined();
    expect(preferredPdfLanguage('es')).toBeUndefined();
    expect(preferredPdfLanguage(null)).toBeUndefined();
  });
});
