/**
 * Contract §1 sizes: at most 500 structuredGoods lines and 50 subsequentCarriers, refused with 3.2 on the list's
 * field, so one document cannot keep the PDF renderer or the mailer busy for minutes.
 */
import { describe, expect, it } from 'vitest';
import { MAX_STRUCTURED_GOODS_LINES, MAX_SUBSEQUENT_CARRIERS, structuredGoodsPatchInput } from '@/lib/schemas/freight-document';
import { validateFreightDocument } from '@/lib/schemas/validate-freight-document';
import { parseInput, ServiceError } from '@/server/errors';
import { everyFieldBody } from '../support/every-field-client';

const codes = (result: ReturnType<typeof validateFreightDocument>) => (result.ok ? [] : result.errors.map(({ code, field }) => ({ code, field })));
const line = (index: number) => ({ productId: index + 1, name: `Line ${index}`, numberOfPackages: 1, weight: 10 });
const carrier = (index: number) => ({ name: `Carrier ${index}`, submittedAccountEmailAddress: `carrier${index}@example.test` });

describe('document sizes (contract §1)', () => {
  it('500 goods lines and 50 subsequent carriers pass; one more of either is 3.2 on the list', () => {
    const lines = (count: number) => Array.from({ length: count }, (_, index) => line(index));
    const carriers = (count: number) => Array.from({ length: count }, (_, index) => carrier(index));
    expect(MAX_STRUCTURED_GOODS_LINES).toBe(500);
    expect(MAX_SUBSEQUENT_CARRIERS).toBe(50);
    const fits = validateFreightDocument(everyFieldBody({ goods: undefined, structuredGoods: lines(500), subsequentCarriers: carriers(50) }));
    expect(codes(fits)).toEqual([]);
    expect(codes(validateFreightDocument(everyFieldBody({ goods: undefined, structuredGoods: lines(501) })))).toEqual([
      { code: '3.2', field: 'structuredGoods' },
    ]);
    expect(codes(validateFreightDocument(everyFieldBody({ subsequentCarriers: carriers(51) })))).toEqual([{ code: '3.2', field: 'subsequentCarriers' }]);
  });

  it('the carrier’s quantity corrections are capped alike', () => {
    const refused = (() => {
      try {
        parseInput(structuredGoodsPatchInput, { structuredGoods: Array.from({ length: 501 }, (_, index) => ({ productId: index + 1 })), previousCommits: [] });
      } catch (error) {
        return error;
      }
    })();
    expect(refused).toBeInstanceOf(ServiceError);
    expect((refused as ServiceError).items.map(({ code, field }) => ({ code, field }))).toEqual([{ code: '3.2', field: 'structuredGoods' }]);
  });
});
