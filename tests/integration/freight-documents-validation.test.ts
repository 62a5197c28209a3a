/**
 * Spec §2.3–2.7 and contract §4: every creation rule answers with its own code and field, and all problems
 * of one body come back together.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { sharedDriver, type Client } from './driver';
import { expectErrors, getDocument, PDF_BYTES, PNG_BYTES, validBody } from './documents-support';

const api = sharedDriver();
let client: Client;
let token: string;

beforeAll(async () => {
  client = await api.createClient({ name: 'Document validation tests' });
  const account = await api.createActiveAccount(client);
  token = (await api.login(client, account)).access_token;
});

const create = (body: unknown) => api.post('/api/freightdocuments', { bearer: token, json: body });

describe('party and goods rules', () => {
  it('3.40: goods and structured goods together', async () => {
    expectErrors(await create(validBody({ structuredGoods: [{ name: 'Pallet' }] })), 400, [{ code: '3.40', field: 'goods' }]);
  });

  it('3.41: neither goods nor structured goods', async () => {
    expectErrors(await create(validBody({ goods: undefined })), 400, [{ code: '3.41', field: 'goods' }]);
    expectErrors(await create(validBody({ goods: null, structuredGoods: [] })), 400, [{ code: '3.41', field: 'goods' }]);
  });

  it('3.42: no place of taking over', async () => {
    expectErrors(await create(validBody({ placeOfTakingOver: undefined })), 400, [{ code: '3.42', field: 'placeOfTakingOver' }]);
  });

  it('3.43: a place of taking over without a country code', async () => {
    expectErrors(await create(validBody({ placeOfTakingOver: { name: 'Dock' } })), 400, [{ code: '3.43', field: 'placeOfTakingOver.countryCode' }]);
  });

  it('3.35: a carrier with both an account number and an e-mail', async () => {
    const carrier = { name: 'Truck', submittedAccountNumber: '1000001', submittedAccountEmailAddress: 'truck@example.test' };
    expectErrors(await create(validBody({ carrier })), 400, [{ code: '3.35', field: 'carrier' }]);
  });

  it('3.1: consignor and consignee are mandatory', async () => {
    expectErrors(await create(validBody({ consignor: undefined, consignee: null })), 400, [
      { code: '3.1', field: 'consignor' },
      { code: '3.1', field: 'consignee' },
    ]);
  });

  it('3.17: a value of the wrong type is not reported as missing', async () => {
    expectErrors(await create(validBody({ consignor: 'Acme', goods: 12 })), 400, [
      { code: '3.17', field: 'consignor' },
      { code: '3.17', field: 'goods' },
      { code: '3.41', field: 'goods' },
    ]);
  });

  it('4.40: an account number that matches no active account', async () => {
    expectErrors(await create(validBody({ consignee: { name: 'X', submittedAccountNumber: '99999999' } })), 400, [
      { code: '4.40', field: 'consignee.submittedAccountNumber' },
    ]);
  });
});

describe('formats', () => {
  it('3.4 and 3.14: contact e-mail and phone of a party', async () => {
    const consignor = { name: 'A', countryCode: 'NLD', contactEmailAddress: 'not-an-email', contactPhoneNumber: 'call me' };
    expectErrors(await create(validBody({ consignor })), 400, [
      { code: '3.4', field: 'consignor.contactEmailAddress' },
      { code: '3.14', field: 'consignor.contactPhoneNumber' },
    ]);
  });

  it('3.14 accepts the allowed phone characters', async () => {
    const reply = await create(validBody({ consignor: { name: 'A', contactPhoneNumber: '+31 (0)10-123.45#6*p7w' } }));
    expect(reply.status, reply.text).toBe(201);
  });

  it('3.10: a reference without a name or value', async () => {
    expectErrors(await create(validBody({ references: [{ name: 'PO', value: '42' }, { name: 'Ref' }, { value: 'x' }] })), 400, [
      { code: '3.10', field: 'references[1].value' },
      { code: '3.10', field: 'references[2].name' },
    ]);
  });

  it('3.11: an invalid country code (alpha-2 and unknown alpha-3 alike)', async () => {
    expectErrors(await create(validBody({ consignee: { name: 'B', countryCode: 'DE' }, placeOfDelivery: { countryCode: 'XYZ' } })), 400, [
      { code: '3.11', field: 'consignee.countryCode' },
      { code: '3.11', field: 'placeOfDelivery.countryCode' },
    ]);
  });

  it('3.12: an invalid currency code', async () => {
    expectErrors(await create(validBody({ reimbursementCurrency: 'EURO', reimbursementAmount: 10 })), 400, [{ code: '3.12', field: 'reimbursementCurrency' }]);
  });

  it('3.32: an amount without a currency', async () => {
    expectErrors(await create(validBody({ reimbursementAmount: 10 })), 400, [{ code: '3.32', field: 'reimbursementCurrency' }]);
  });

  it('3.33: an invalid amount', async () => {
    expectErrors(await create(validBody({ reimbursementCurrency: 'EUR', reimbursementAmount: -5 })), 400, [{ code: '3.33', field: 'reimbursementAmount' }]);
    expectErrors(await create(validBody({ reimbursementCurrency: 'EUR', reimbursementAmount: 'lots' })), 400, [{ code: '3.33', field: 'reimbursementAmount' }]);
  });

  it('3.15: estimated taking over not before estimated delivery', async () => {
    const body = validBody({ estimatedDateTimeOfTakingOver: '2026-12-02T16:30:00Z', estimatedDateTimeOfDelivery: '2026-12-02T16:30:00Z' });
    expectErrors(await create(body), 400, [{ code: '3.15', field: 'estimatedDateTimeOfTakingOver' }]);
  });

  it('3.26: a date-time where a date is wanted; 3.17: a date where a date-time is wanted', async () => {
    expectErrors(await create(validBody({ establishedDate: '2026-11-21T10:00:00Z', agreedDateTimeOfDelivery: '2026-11-21' })), 400, [
      { code: '3.26', field: 'establishedDate' },
      { code: '3.17', field: 'agreedDateTimeOfDelivery' },
    ]);
    expectErrors(await create(validBody({ establishedDate: '2026-02-30' })), 400, [{ code: '3.26', field: 'establishedDate' }]);
  });

  it('3.9: unknown enumeration values', async () => {
    const body = validBody({
      goods: undefined,
      structuredGoods: [{ name: 'Box', type: 'CRATE', weightUnit: 'STONE' }],
      status: 'TRANSIT',
    });
    expectErrors(await create(body), 400, [
      { code: '3.9', field: 'status' },
      { code: '3.9', field: 'structuredGoods[0].type' },
      { code: '3.9', field: 'structuredGoods[0].weightUnit' },
    ]);
  });
});

describe('document rules', () => {
  it('4.20: an unsupported document type', async () => {
    expectErrors(await create(validBody({ type: 'INVOICE' })), 400, [{ code: '4.20', field: 'type' }]);
  });

  it('4.51: no signing method at all', async () => {
    const body = validBody({ availableSigningMethods: { collection: [], carrierToCarrier: [], delivery: [] } });
    expectErrors(await create(body), 400, [{ code: '4.51', field: 'availableSigningMethods' }]);
  });

  it('reports every problem of one body at once', async () => {
    const reply = await create({
      type: 'INVOICE',
      consignor: { countryCode: 'XX' },
      goods: 'x',
      structuredGoods: [{ name: 'y' }],
      establishedDate: 'yesterday',
      reimbursementAmount: 3,
    });
    expectErrors(reply, 400, [
      { code: '4.20', field: 'type' },
      { code: '3.11', field: 'consignor.countryCode' },
      { code: '3.1', field: 'consignee' },
      { code: '3.26', field: 'establishedDate' },
      { code: '3.40', field: 'goods' },
      { code: '3.42', field: 'placeOfTakingOver' },
      { code: '3.32', field: 'reimbursementCurrency' },
    ]);
  });

  it('ignores read-only fields and accepts agreedDateOfTakingOver as a synonym', async () => {
    const reply = await create(
      validBody({
        freightDocumentId: 'mine',
        serviceNumber: '1',
        submitterName: 'Me',
        ownPermissions: [],
        agreedDateOfTakingOver: '2026-12-01T07:00:00+01:00',
      }),
    );
    expect(reply.status, reply.text).toBe(201);
    const document = await getDocument(api, token, reply.body.freightDocumentId);
    expect(document.freightDocumentId).not.toBe('mine');
    expect(document.serviceNumber).toMatch(/^\d{12}$/);
    expect(document.agreedDateTimeOfTakingOver).toBe('2026-12-01T06:00:00Z');
  });
});

describe('attachments at creation', () => {
  const attachment = (content: Buffer | string, extra: Record<string, unknown> = {}) => ({
    type: 'GOODS',
    originalFileName: 'file.pdf',
    content: typeof content === 'string' ? content : content.toString('base64'),
    ...extra,
  });

  it('3.18: empty content', async () => {
    expectErrors(await create(validBody({ attachments: [attachment('')] })), 400, [{ code: '3.18', field: 'attachments[0].content' }]);
  });

  it('3.8: content that is not PDF, PNG or JPEG, whatever the declared type', async () => {
    const text = attachment(Buffer.from('just some text'), { mimeType: 'application/pdf' });
    expectErrors(await create(validBody({ attachments: [text] })), 400, [{ code: '3.8', field: 'attachments[0].mimeType' }]);
  });

  it('4.36: an unknown attachment type; 4.44: COMMENT outside a comment', async () => {
    expectErrors(await create(validBody({ attachments: [attachment(PDF_BYTES, { type: 'PHOTO' }), attachment(PDF_BYTES, { type: 'COMMENT' })] })), 400, [
      { code: '4.36', field: 'attachments[0].type' },
      { code: '4.44', field: 'attachments[1].type' },
    ]);
  });

  it('3.34: more than 10 MB in total', async () => {
    const big = Buffer.concat([PDF_BYTES, Buffer.alloc(5.5 * 1024 * 1024, 0x20)]);
    const reply = await create(validBody({ attachments: [attachment(big), attachment(big)] }));
    expectErrors(reply, 400, [{ code: '3.34', field: 'attachments' }]);
  });

  it('3.34: more than 2 MB of images', async () => {
    const png = Buffer.concat([PNG_BYTES, Buffer.alloc(1.1 * 1024 * 1024)]);
    const reply = await create(validBody({ attachments: [attachment(png, { originalFileName: 'a.png' }), attachment(png, { originalFileName: 'b.png' })] }));
    expectErrors(reply, 400, [{ code: '3.34', field: 'attachments' }]);
  });
});
