/**
 * lib/portal/document-form: the drafting form's state to the API body and back, local times to UTC, and where
 * on screen an error's field is shown.
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import {
  attachmentTotals,
  bodyFromForm,
  numberOrText,
  bodyToValidate,
  emptyForm,
  formFromDocument,
  localFromUtc,
  parentPath,
  placeOf,
  placesOf,
  utcFromLocal,
  type DocumentFormState,
  type KeptAttachmentForm,
  type NewAttachmentForm,
} from '@/lib/portal/document-form';
import { formatSeconds } from '@/lib/domain/dates';

const originalTimeZone = process.env.TZ;
function inTimeZone(zone: string) {
  process.env.TZ = zone;
}
afterEach(() => {
  if (originalTimeZone === undefined) delete process.env.TZ;
  else process.env.TZ = originalTimeZone;
});

const kept: KeptAttachmentForm = {
  kind: 'kept',
  key: 'k1',
  attachmentId: 'att-1',
  type: 'GENERAL',
  name: 'Invoice',
  originalFileName: 'invoice.pdf',
  mimeType: 'application/pdf',
  sealed: false,
  size: 3000,
};
const added: NewAttachmentForm = {
  kind: 'new',
  key: 'n1',
  type: 'GOODS',
  name: '  ',
  originalFileName: 'photo.png',
  mimeType: 'image/png',
  sealed: true,
  size: 2000,
  content: 'iVBORw0KGgo=',
};

describe('form → body', () => {
  it('an empty form sends the required parties (so each missing detail is reported), one goods line and the signing defaults', () => {
    expect(bodyFromForm(emptyForm())).toEqual({
      type: 'WAYBILL',
      consignor: {},
      consignee: {},
      placeOfTakingOver: {},
      subsequentCarriers: [],
      structuredGoods: [{ type: 'GOOD' }],
      references: [],
      attachments: [],
      availableSigningMethods: { collection: ['OWN', 'TFA'], carrierToCarrier: ['OWN', 'TFA'], delivery: ['OWN', 'TFA', 'SIGN_ON_GLASS'] },
    });
  });

  it('trims, upper-cases codes, turns numbers into numbers and keeps text that is not one for the schema to report', () => {
    const state = emptyForm();
    Object.assign(state.parties.consignor, { name: '  Acme  ', countryCode: ' nld ', holderKind: 'email', holderValue: ' ann@example.com ' });
    Object.assign(state.parties.carrier, { name: 'Truckers', holderKind: 'account', holderValue: '1000002' });
    Object.assign(state.parties.placeOfDelivery, { cityName: '   ', holderKind: 'none', holderValue: 'ignored' });
    Object.assign(state.structuredGoods[0]!, {
      name: 'Pallet',
      numberOfPackages: '12',
      weight: '480.5',
      weightUnit: 'KILOGRAM',
      volume: '',
      volumeUnit: 'LITRE',
      currency: 'eur',
    });
    Object.assign(state, { reimbursementAmount: '12.50 EUR', reimbursementCurrency: 'eur', establishedPlace: ' Rotterdam ', carrierCode: '' });
    const body = bodyFromForm(state);
    expect(body.consignor).toEqual({ name: 'Acme', countryCode: 'NLD', submittedAccountEmailAddress: 'ann@example.com' });
    expect(body.carrier).toEqual({ name: 'Truckers', submittedAccountNumber: '1000002' });
    // An optional party with nothing filled in is not sent, whatever the holder field says.
    expect(body).not.toHaveProperty('placeOfDelivery');
    expect(body.structuredGoods).toEqual([{ type: 'GOOD', name: 'Pallet', numberOfPackages: 12, weight: 480.5, weightUnit: 'KILOGRAM', currency: 'EUR' }]);
    expect(body).toMatchObject({ reimbursementAmount: '12.50 EUR', reimbursementCurrency: 'EUR', establishedPlace: 'Rotterdam' });
    expect(body).not.toHaveProperty('carrierCode');
    // A decimal comma, as four of the five portal languages write it, is a decimal point (issue 12).
    expect(bodyFromForm({ ...state, reimbursementAmount: '12,50' }).reimbursementAmount).toBe(12.5);
    expect(numberOrText(' 1200,5 ')).toBe(1200.5);
    expect(numberOrText('1.200,5')).toBe('1.200,5');
  });

  it('sends goods as text in text mode, every reference row, kept attachments by id before new ones, and the commits it started from', () => {
    const state: DocumentFormState = {
      ...emptyForm(),
      goodsMode: 'text',
      goods: ' 12 pallets ',
      references: [
        { key: 'r1', name: 'PO', value: '4711' },
        { key: 'r2', name: '', value: '' },
      ],
      attachments: [added, kept],
      previousCommits: ['c1'],
    };
    const body = bodyFromForm(state);
    expect(body.goods).toBe('12 pallets');
    expect(body).not.toHaveProperty('structuredGoods');
    expect(body.references).toEqual([
      { name: 'PO', value: '4711' },
      { name: undefined, value: undefined },
    ]);
    expect(body.attachments).toEqual([
      { attachmentId: 'att-1' },
      { type: 'GOODS', originalFileName: 'photo.png', mimeType: 'image/png', sealed: true, content: 'iVBORw0KGgo=' },
    ]);
    expect(body.previousCommits).toEqual(['c1']);
    // The shared validation sees new attachments only, so error paths count them alone.
    expect(bodyToValidate(body).attachments).toEqual([(body.attachments as unknown[])[1]]);
    expect(attachmentTotals(state)).toEqual({ total: 5000, images: 2000 });
  });
});

describe('local time ↔ UTC', () => {
  it('sends a datetime-local value as UTC with Z, and shows a UTC value in local time', () => {
    inTimeZone('Europe/Amsterdam');
    expect(utcFromLocal('2026-01-15T12:00')).toBe('2026-01-15T11:00:00Z');
    expect(utcFromLocal('2026-07-15T12:00')).toBe('2026-07-15T10:00:00Z');
    expect(localFromUtc('2026-07-15T10:00:00Z')).toBe('2026-07-15T12:00');
    expect(localFromUtc('2026-07-15T10:00:30Z')).toBe('2026-07-15T12:00:30');
  });

  it('blank stays unset, and what cannot be read is sent as typed (the server answers 3.17)', () => {
    expect(utcFromLocal('   ')).toBeUndefined();
    expect(utcFromLocal('next tuesday')).toBe('next tuesday');
    for (const value of ['', 'garbage', undefined, 42]) expect(localFromUtc(value)).toBe('');
  });

  it('a moment shown and sent back is the same moment', () => {
    // A zone with an offset but no daylight saving: in a DST fold one local time names two moments.
    inTimeZone('Asia/Kolkata');
    const moment = fc.date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2090-01-01T00:00:00Z'), noInvalidDate: true });
    fc.assert(
      fc.property(moment, (date) => {
        const utc = formatSeconds(date);
        expect(utcFromLocal(localFromUtc(utc))).toBe(utc);
      }),
    );
  });
});

describe('document → form → body', () => {
  const text = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 ,.'-]{0,14}[A-Za-z0-9.]$/);
  const party = fc.record(
    {
      name: text,
      cityName: text,
      countryCode: fc.constantFrom('NLD', 'DEU', 'BEL'),
      contactEmailAddress: fc.constantFrom('ops@example.com', 'x@example.org'),
      roleId: fc.uuid(),
      submittedAccountNumber: fc.stringMatching(/^[0-9]{7}$/),
    },
    { requiredKeys: ['name'] },
  );
  const goodsLine = fc.record(
    {
      type: fc.constantFrom('GOOD', 'RTI'),
      name: text,
      numberOfPackages: fc.integer({ min: 1, max: 10_000 }),
      weight: fc.integer({ min: 1, max: 1_000_000 }).map((cents) => cents / 100),
      weightUnit: fc.constantFrom('KILOGRAM', 'TONNE'),
      currency: fc.constantFrom('EUR', 'USD'),
    },
    { requiredKeys: ['type', 'name', 'weight', 'weightUnit'] },
  );
  const document = fc.record(
    {
      type: fc.constant('WAYBILL'),
      consignor: party,
      consignee: party,
      placeOfTakingOver: party,
      carrier: party,
      subsequentCarriers: fc.array(party, { maxLength: 2 }),
      establishedPlace: text,
      carrierCode: text,
      structuredGoods: fc.array(goodsLine, { minLength: 1, maxLength: 3 }),
      references: fc.array(fc.record({ name: text, value: text }), { maxLength: 2 }),
      availableSigningMethods: fc.record({
        collection: fc.subarray(['OWN', 'TFA']),
        carrierToCarrier: fc.subarray(['OWN', 'TFA']),
        delivery: fc.subarray(['OWN', 'TFA', 'SIGN_ON_GLASS']),
      }),
      previousCommits: fc.array(fc.stringMatching(/^[0-9a-f]{8}$/), { minLength: 1, maxLength: 2 }),
    },
    {
      requiredKeys: [
        'type',
        'consignor',
        'consignee',
        'placeOfTakingOver',
        'subsequentCarriers',
        'structuredGoods',
        'references',
        'availableSigningMethods',
        'previousCommits',
      ],
    },
  );

  it('editing a draft and saving it unchanged sends back what the document holds', () => {
    fc.assert(
      fc.property(document, (source) => {
        expect(bodyFromForm(formFromDocument(source))).toEqual({ ...source, attachments: [] });
      }),
    );
  });

  it('kept attachments come back by id, and a role’s holder is locked once the role exists', () => {
    const form = formFromDocument({
      consignee: { name: 'Beta', roleId: 'role-1', submittedAccountEmailAddress: 'beta@example.com' },
      attachments: [
        { attachmentId: 'att-9', type: 'GENERAL', originalFileName: 'a.pdf', mimeType: 'application/pdf', size: 10, sealed: true },
        { name: 'no id' },
      ],
      goods: 'Boxes',
    });
    expect(form.parties.consignee).toMatchObject({ holderKind: 'email', holderValue: 'beta@example.com', holderLocked: true, roleId: 'role-1' });
    expect(form.parties.consignor.holderLocked).toBe(false);
    expect(form.goodsMode).toBe('text');
    expect(form.attachments).toEqual([expect.objectContaining({ kind: 'kept', attachmentId: 'att-9', sealed: true, size: 10 })]);
    expect(bodyFromForm(form).attachments).toEqual([{ attachmentId: 'att-9' }]);
  });
});

describe('where errors are shown', () => {
  it('walks up a path: fields, then array items, then the group', () => {
    expect(parentPath('structuredGoods[2].weight')).toBe('structuredGoods[2]');
    expect(parentPath('structuredGoods[2]')).toBe('structuredGoods');
    expect(parentPath('consignor.countryCode')).toBe('consignor');
    expect(parentPath('consignor')).toBeUndefined();
  });

  it('shows an error at its input, else at the nearest group on screen, else only in the summary', () => {
    const state: DocumentFormState = { ...emptyForm(), attachments: [kept, added], references: [{ key: 'r', name: '', value: '' }] };
    const places = placesOf(state);
    expect(placeOf('consignor.countryCode', places)).toBe('consignor.countryCode');
    expect(placeOf('structuredGoods[0].weight', places)).toBe('structuredGoods[0].weight');
    expect(placeOf('structuredGoods[0].unknownField', places)).toBe('structuredGoods[0]');
    expect(placeOf('references[0].name', places)).toBe('references[0].name');
    // Error paths count new attachments only: the one new file is attachments[0].
    expect(placeOf('attachments[0].content', places)).toBe('attachments[0]');
    expect(places.has('attachments[1]')).toBe(false);
    expect(placeOf('previousCommits', places)).toBeUndefined();
    expect(placeOf(undefined, places)).toBeUndefined();
  });

  it('has no goods-line places in text mode, and a holder input only where the holder can still be chosen', () => {
    const state = emptyForm();
    state.goodsMode = 'text';
    state.parties.consignee.holderKind = 'email';
    state.parties.carrier.holderKind = 'account';
    state.parties.carrier.holderLocked = true;
    const places = placesOf(state);
    expect([...places].some((place) => place.startsWith('structuredGoods'))).toBe(false);
    expect(places.has('goods')).toBe(true);
    expect(places.has('consignee.submittedAccountEmailAddress')).toBe(true);
    expect(places.has('carrier.submittedAccountNumber')).toBe(false);
  });
});
