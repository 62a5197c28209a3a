/** Transfer cards (issue 34 item 5): the goods in one line, and each counter party's name once. */
import { describe, expect, it } from 'vitest';
import { distinctNames, goodsSummary } from '@/lib/domain/goods-summary';

describe('the goods on a transfer card', () => {
  it('structured lines by packages and short name, the first three and how many more', () => {
    const structuredGoods = [
      { name: 'Apples, Elstar', shortName: 'Apples', numberOfPackages: 12 },
      { name: 'Pears', numberOfPackages: 3 },
      { name: 'Euro pallets', type: 'RTI' },
      { name: 'Plums', numberOfPackages: 1 },
      { name: 'Cherries', numberOfPackages: 2 },
    ];
    expect(goodsSummary({ structuredGoods: structuredGoods.slice(0, 2) })).toBe('12 × Apples, 3 × Pears');
    expect(goodsSummary({ structuredGoods })).toBe('12 × Apples, 3 × Pears, Euro pallets +2');
  });

  it('free text by its first line, shortened', () => {
    expect(goodsSummary({ goods: '20 pallets of tiles\nfragile' })).toBe('20 pallets of tiles');
    const long = 'x'.repeat(200);
    expect(goodsSummary({ goods: long })).toHaveLength(80);
    expect(goodsSummary({ goods: long })!.endsWith('…')).toBe(true);
  });

  it('nothing when the document names no goods', () => {
    expect(goodsSummary({})).toBeNull();
    expect(goodsSummary({ goods: '  ', structuredGoods: [] })).toBeNull();
  });
});

describe('the counter party on a transfer card', () => {
  it('one party in two roles is named once', () => {
    expect(distinctNames(['Shipper BV', 'Shipper BV']).join(', ')).toBe('Shipper BV');
    expect(distinctNames(['Shipper BV', 'Depot BV', 'Shipper BV'])).toEqual(['Shipper BV', 'Depot BV']);
  });
});
