/**
 * Contract §1, tolerant reading, as a property: for random valid creation bodies, sending `""` for every
 * optional attribute that the body leaves out (and, for a left-out party, an object of `""` attributes as a
 * client with non-pointer structures sends it) stores exactly the same document.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachmentInput, freightDocumentInput, partyInput, signingMethodsInput, structuredGoodsItemInput } from '@/lib/schemas/freight-document';
import type { ServiceContext } from '@/server/services/context';
import { createFreightDocument } from '@/server/services/freight-documents/create-freight-document';
import { getFreightDocument } from '@/server/services/freight-documents/get-freight-document';
import { everyFieldRole } from '../support/every-field-client';
import { activeAccount, databaseKinds, openTestDatabase, serviceContext, type TestDatabase } from './harness';
import { sized } from '../support/sampling';

type Body = Record<string, unknown>;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n').toString('base64');

const text = fc.string({ minLength: 1, maxLength: 12 }).filter((value) => value.trim() !== '');
const country = fc.constantFrom('NLD', 'DEU', 'FRA', 'BEL');

function party(countryRequired = false): fc.Arbitrary<Body> {
  return fc.record(
    {
      name: text,
      streetName: text,
      buildingNumber: fc.oneof(fc.constantFrom('12', '4b'), fc.integer({ min: 1, max: 999 })),
      postalBox: text,
      postalCode: fc.constantFrom('3011 AA', '50667'),
      cityName: text,
      countryCode: country,
      countryName: text,
      contactName: text,
      contactNote: text,
      contactEmailAddress: fc.constantFrom('desk@example.test', 'ops@example.test'),
      contactPhoneNumber: fc.constantFrom('+31 10 123 4567', '(030) 555-12'),
      submittedAccountEmailAddress: fc.constantFrom('holder-one@example.test', 'holder-two@example.test'),
      glnCode: fc.constant('8712345678906'),
    },
    // A party has a name at least: one of only "" fields is a missing role (3.1), which no blank may turn it into.
    { requiredKeys: countryRequired ? ['name', 'countryCode'] : ['name'] },
  );
}

const goodsLine: fc.Arbitrary<Body> = fc.record(
  {
    type: fc.constantFrom('GOOD', 'RTI'),
    name: text,
    shortName: text,
    ssccCode: fc.constant('123456789012345678'),
    eanCode: fc.constant('8712345678906'),
    internalCode: text,
    numberOfPackages: fc.nat(500),
    methodOfPackaging: text,
    natureOfGoods: text,
    statisticalNumber: fc.nat(99999),
    weight: fc.nat(20000),
    weightUnit: fc.constantFrom('KILOGRAM', 'TONNE'),
    volume: fc.nat(900),
    volumeUnit: fc.constantFrom('LITRE', 'CUBIC_METRE'),
    commercialValue: fc.constantFrom(0, 10.5, 999),
    currency: fc.constantFrom('EUR', 'USD'),
  },
  { requiredKeys: ['name'] },
);

const attachment: fc.Arbitrary<Body> = fc
  .record({ name: text, mimeType: fc.constant('application/pdf'), sealed: fc.boolean() }, { requiredKeys: [] })
  .map((extra) => ({ type: 'GENERAL', originalFileName: 'note.pdf', content: PDF, ...extra }));

const validBody: fc.Arbitrary<Body> = fc
  .record(
    {
      consignor: party(),
      consignee: party(),
      placeOfTakingOver: party(true),
      carrier: party(),
      placeOfDelivery: party(),
      subsequentCarriers: fc.array(party(), { maxLength: 2 }),
      goods: fc.oneof(
        text.map((goods) => ({ goods })),
        fc.array(goodsLine, { minLength: 1, maxLength: 3 }).map((structuredGoods) => ({ structuredGoods })),
      ),
      agreedDateTimeOfTakingOver: fc.constantFrom('2026-12-01T08:00:00Z', '2026-12-01T09:00:00+02:00'),
      agreedDateOfTakingOver: fc.constant('2026-12-02'),
      agreedDateTimeOfDelivery: fc.constant('2026-12-03T17:00:00Z'),
      estimated: fc.constant({ estimatedDateTimeOfTakingOver: '2026-12-01T08:00:00Z', estimatedDateTimeOfDelivery: '2026-12-02T16:30:00Z' }),
      establishedDate: fc.constant('2026-11-21'),
      establishedPlace: text,
      reimbursement: fc.oneof(
        fc.constant({ reimbursementAmount: 0 }),
        fc.record({ reimbursementAmount: fc.constantFrom(12.5, '40'), reimbursementCurrency: fc.constantFrom('EUR', 'PLN') }),
      ),
      paymentForCarriage: text,
      senderInstructions: text,
      specialAgreements: text,
      transportConditions: text,
      references: fc.array(fc.record({ name: text, value: text }), { maxLength: 2 }),
      attachments: fc.array(attachment, { maxLength: 1 }),
      availableSigningMethods: fc.record(
        { collection: fc.constant(['OWN']), carrierToCarrier: fc.constant(['TFA']), delivery: fc.constant(['OWN', 'SIGN_ON_GLASS']) },
        { requiredKeys: ['collection'] },
      ),
      carrierCode: text,
      deliveryDate: fc.constant('2026-12-03T18:00:00Z'),
    },
    { requiredKeys: ['consignor', 'consignee', 'placeOfTakingOver', 'goods'] },
  )
  .map(({ goods, estimated, reimbursement, ...rest }) => ({
    type: 'WAYBILL',
    ...rest,
    ...(goods as Body),
    ...(estimated as Body),
    ...(reimbursement as Body),
  }));

/** Every attribute of `shape` that `body` leaves out, sent as `""`. */
function blanks(body: Body, shape: Record<string, unknown>): Body {
  return { ...Object.fromEntries(Object.keys(shape).map((key) => [key, ''])), ...body };
}

function withEveryFieldSent(body: Body, unsetPartyAsObject: boolean): Body {
  const out = blanks(body, freightDocumentInput.shape);
  for (const slot of ['consignor', 'consignee', 'placeOfTakingOver', 'carrier', 'placeOfDelivery']) {
    if (body[slot]) out[slot] = blanks(body[slot] as Body, partyInput.shape);
    else if (unsetPartyAsObject) out[slot] = everyFieldRole();
  }
  if (Array.isArray(body.subsequentCarriers)) out.subsequentCarriers = (body.subsequentCarriers as Body[]).map((item) => blanks(item, partyInput.shape));
  if (Array.isArray(body.structuredGoods)) out.structuredGoods = (body.structuredGoods as Body[]).map((item) => blanks(item, structuredGoodsItemInput.shape));
  if (Array.isArray(body.attachments)) out.attachments = (body.attachments as Body[]).map((item) => blanks(item, attachmentInput.shape));
  if (body.availableSigningMethods) out.availableSigningMethods = blanks(body.availableSigningMethods as Body, signingMethodsInput.shape);
  return out;
}

/** The stored document without what differs between any two documents (ids, numbers, times, commits). */
function comparable(document: unknown): unknown {
  const differs = new Set([
    'freightDocumentId',
    'serviceNumber',
    'transFollowNumber',
    'lastModifiedDateTime',
    'previousCommits',
    'updates',
    'structuredGoodsHeader',
    'roleId',
    'attachmentId',
    'productId',
    'commitId',
    'verificationUrl',
  ]);
  if (Array.isArray(document)) return document.map(comparable);
  if (typeof document !== 'object' || document === null) return document;
  return Object.fromEntries(
    Object.entries(document)
      .filter(([key]) => !differs.has(key))
      .map(([key, value]) => [key, comparable(value)]),
  );
}

describe.each(databaseKinds())('"" for every absent optional field changes nothing that is stored (%s)', (kind) => {
  let database: TestDatabase;
  let ctx: ServiceContext;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const base = serviceContext(database.handle);
    const submitter = await activeAccount(base, 'Submitter');
    ctx = serviceContext(database.handle, {}, submitter.accountId);
  });
  afterAll(async () => database?.dispose());

  it('for random valid bodies', async () => {
    await fc.assert(
      fc.asyncProperty(validBody, fc.boolean(), async (body, unsetPartyAsObject) => {
        const plain = await createFreightDocument({ ctx, input: structuredClone(body) });
        const blanked = await createFreightDocument({ ctx, input: withEveryFieldSent(structuredClone(body), unsetPartyAsObject) });
        const [stored, storedFromBlanks] = await Promise.all(
          [plain, blanked].map(({ freightDocumentId }) => getFreightDocument({ ctx, input: { freightDocumentId } })),
        );
        expect(comparable(storedFromBlanks)).toEqual(comparable(stored));
      }),
      { numRuns: sized(40, 15) },
    );
  });
});
