/**
 * Contract §1, tolerant reading: `""` and null are omission at every depth, an object of unset attributes is
 * an unset object, `""` for a required field is reported as missing; contract §4: agreedDateOfTakingOver and
 * a reimbursement amount of 0 without currency.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { agreedDateTimeOfTakingOver } from '@/lib/domain/dates';
import { zodIssuesToFieldErrors } from '@/lib/errors/from-zod';
import { createAccountInput } from '@/lib/schemas/account';
import { optional } from '@/lib/schemas/common';
import { locationInput } from '@/lib/schemas/transfers';
import { withoutUnsetFields } from '@/lib/schemas/tolerant';
import { validateFreightDocument } from '@/lib/schemas/validate-freight-document';
import { parseInput, ServiceError } from '@/server/errors';
import { everyFieldAttachment, everyFieldBody, everyFieldRole } from '../support/every-field-client';

const codes = (result: ReturnType<typeof validateFreightDocument>) => (result.ok ? [] : result.errors.map(({ code, field }) => ({ code, field })));

describe('withoutUnsetFields', () => {
  it('drops "" and null attributes at every depth, and objects whose attributes were all unset', () => {
    expect(
      withoutUnsetFields({
        a: '',
        b: null,
        c: 'x',
        d: 0,
        e: false,
        f: { g: '', h: { i: null } },
        j: [{ k: '', l: 'y' }, '', null, {}],
        m: {},
        n: ' ',
      }),
    ).toEqual({ c: 'x', d: 0, e: false, j: [{ l: 'y' }, '', null, {}], m: {}, n: ' ' });
  });

  it('leaves values other than plain objects and arrays alone, and keeps __proto__ an attribute', () => {
    expect(withoutUnsetFields('')).toBe('');
    expect(withoutUnsetFields(null)).toBeNull();
    const parsed = withoutUnsetFields(JSON.parse('{"__proto__":{"polluted":true},"a":""}')) as Record<string, unknown>;
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
    expect(Object.keys(parsed)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('optional() and the shared parse path', () => {
  const schema = z.object({ note: optional(z.string().max(3, '3.2')), name: z.string().min(1, '3.1') });

  it('reads "" and null for an optional field as absent, also without the parse path', () => {
    expect(schema.parse({ note: '', name: 'n' }).note).toBeUndefined();
    expect(schema.parse({ note: null, name: 'n' }).note).toBeUndefined();
    expect(schema.parse({ name: 'n' })).toEqual({ name: 'n' });
  });

  it('parseInput reports "" for a required field as missing (3.1 or the field\'s own code)', () => {
    const errorsOf = (input: unknown) => {
      try {
        parseInput(createAccountInput, input);
      } catch (error) {
        return (error as ServiceError).items.map(({ code, field }) => ({ code, field }));
      }
      return [];
    };
    expect(errorsOf({ name: '', email: '', password: '', phoneNumber: '', companyName: '', acceptTermsAndConditions: '' })).toEqual([
      { code: '3.1', field: 'name' },
      { code: '3.4', field: 'email' },
      { code: '3.1', field: 'password' },
      { code: '3.3', field: 'acceptTermsAndConditions' },
    ]);
    const parsed = parseInput(createAccountInput, {
      name: 'Ann',
      email: 'ann@example.test',
      password: 'long enough',
      phoneNumber: '',
      companyName: '',
      acceptTermsAndConditions: 'true',
    });
    expect(parsed.phoneNumber).toBeUndefined();
    expect(parsed.companyName).toBeUndefined();
  });

  it('the schema alone still tells "" from missing where a form needs it', () => {
    const result = createAccountInput.safeParse({ name: 'A', email: 'a@example.test', password: '', acceptTermsAndConditions: true }, { reportInput: true });
    expect(zodIssuesToFieldErrors(result.error!.issues)).toEqual([expect.objectContaining({ code: '3.2', field: 'password' })]);
  });
});

describe('a freight document body from a client that sends every field', () => {
  it('is valid: unset parties are no parties, amount 0 needs no currency, read-only attributes are ignored', () => {
    const result = validateFreightDocument(everyFieldBody({ attachments: [everyFieldAttachment(Buffer.from('%PDF-1.4'), 'a.pdf')] }));
    expect(codes(result)).toEqual([]);
    if (!result.ok) return;
    expect(result.data.carrier).toBeUndefined();
    expect(result.data.placeOfDelivery).toBeUndefined();
    expect(result.data.consignor).toEqual({ name: 'Acme Shipping', streetName: 'Kade', buildingNumber: '12', cityName: 'Rotterdam', countryCode: 'NLD' });
    expect(result.data.reimbursementAmount).toBe(0);
    expect(result.data.reimbursementCurrency).toBeUndefined();
    expect(result.data.agreedDateTimeOfTakingOver).toBe('2026-12-01T00:00:00Z');
    expect(result.data.attachments).toEqual([{ type: 'GENERAL', name: 'a.pdf', originalFileName: 'a.pdf', sealed: false, content: expect.any(String) }]);
    expect(Object.keys(result.data)).not.toContain('freightDocumentId');
    expect(Object.keys(result.data)).not.toContain('collectionSecrets');
  });

  it('"" for a required field is 3.1; "" for the one place of taking over is no place (3.42)', () => {
    const result = validateFreightDocument(
      everyFieldBody({
        type: '',
        consignor: '',
        placeOfTakingOver: everyFieldRole(),
        structuredGoods: [{ name: '', numberOfPackages: '', weight: '', weightUnit: '' }],
        goods: '',
        references: [{ name: '', value: 'x' }],
      }),
    );
    expect(codes(result)).toEqual(
      expect.arrayContaining([
        { code: '3.1', field: 'type' },
        { code: '3.1', field: 'consignor' },
        { code: '3.1', field: 'structuredGoods[0].name' },
        { code: '3.10', field: 'references[0].name' },
        { code: '3.42', field: 'placeOfTakingOver' },
      ]),
    );
    expect(codes(result)).toHaveLength(5);
  });

  it('an amount other than 0 still needs its currency (3.32)', () => {
    expect(codes(validateFreightDocument(everyFieldBody({ reimbursementAmount: 12.5 })))).toEqual([{ code: '3.32', field: 'reimbursementCurrency' }]);
    expect(codes(validateFreightDocument(everyFieldBody({ reimbursementAmount: '0.00' })))).toEqual([]);
  });

  it('agreedDateOfTakingOver: a date or a date-time; anything else is 3.26 at its own field', () => {
    expect(codes(validateFreightDocument(everyFieldBody({ agreedDateOfTakingOver: '2026-12-01T10:00' })))).toEqual([
      { code: '3.26', field: 'agreedDateOfTakingOver' },
    ]);
    const both = validateFreightDocument(everyFieldBody({ agreedDateTimeOfTakingOver: '2026-12-01T10:30:00Z' }));
    expect(both.ok && both.data.agreedDateTimeOfTakingOver).toBe('2026-12-01T10:30:00Z');
  });
});

describe('agreedDateTimeOfTakingOver from a body (contract §4)', () => {
  const current = new Date('2026-12-01T14:45:00Z');
  it('the date-time wins; a date alone is 00:00:00Z, or keeps the current time on the same UTC date', () => {
    expect(agreedDateTimeOfTakingOver('2026-12-02T08:00:00Z', '2026-12-01')).toBe('2026-12-02T08:00:00Z');
    expect(agreedDateTimeOfTakingOver(undefined, '2026-12-01')).toBe('2026-12-01T00:00:00Z');
    expect(agreedDateTimeOfTakingOver(undefined, '2026-12-01T07:00:00+01:00')).toBe('2026-12-01T07:00:00+01:00');
    expect(agreedDateTimeOfTakingOver(undefined, '2026-12-01', current)).toBe('2026-12-01T14:45:00Z');
    expect(agreedDateTimeOfTakingOver(undefined, '2026-12-03', current)).toBe('2026-12-03T00:00:00Z');
    expect(agreedDateTimeOfTakingOver(undefined, undefined, current)).toBeUndefined();
  });
});

describe('location (contract §7): numbers or decimal strings in, decimal strings out', () => {
  const location = z.object({ location: optional(locationInput) });
  const errors = (input: unknown) => {
    try {
      parseInput(location, input);
      return [];
    } catch (error) {
      return (error as ServiceError).items.map(({ code, field }) => ({ code, field }));
    }
  };

  it('reads numbers and strings alike and returns strings', () => {
    expect(parseInput(location, { location: { latitude: 52.37, longitude: '4.8952' } })).toEqual({ location: { latitude: '52.37', longitude: '4.8952' } });
    expect(parseInput(location, { location: { latitude: '-33.9', longitude: -18 } })).toEqual({ location: { latitude: '-33.9', longitude: '-18' } });
    expect(parseInput(location, { location: { latitude: 1e-7, longitude: 0.1 + 0.2 } })).toEqual({
      location: { latitude: '0.0000001', longitude: '0.30000000000000004' },
    });
  });

  it('two "" are no location; one alone is 3.50; out of range 3.9; not a decimal 3.17', () => {
    expect(parseInput(location, { location: { latitude: '', longitude: '' } })).toEqual({});
    expect(errors({ location: { latitude: '52.1', longitude: '' } })).toEqual([{ code: '3.50', field: 'location' }]);
    expect(errors({ location: { latitude: 91, longitude: 0 } })).toEqual([{ code: '3.9', field: 'location.latitude' }]);
    expect(errors({ location: { latitude: '52,1', longitude: true } })).toEqual([
      { code: '3.17', field: 'location.latitude' },
      { code: '3.17', field: 'location.longitude' },
    ]);
  });
});
