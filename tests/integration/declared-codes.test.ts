/**
 * Issue 35: each code an operation declares occurs in some test (scripts/openapi/check-answered-codes.ts). The codes
 * every change of a document shares are provoked here per operation, table-driven, through the real server: heads
 * that are empty (4.45) or not of the document (4.13), and any change after the note was replaced by paper (4.63).
 * Bodies are the operations' own examples from the reference, with the heads swapped. Then codes of one operation
 * each that no other file provokes: files that are not images or too large for one document, ids of no record.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { operationOf, type OperationKey } from '@/lib/openapi/operations';
import { PDF_BYTES, PNG_BYTES, validBody } from './documents-support';
import { expectError, sharedDriver, type Client } from './driver';
import { createCast, Transfers, type Cast, type Member } from './transfers-support';

const api = sharedDriver();
let client: Client;
let cast: Cast;
let transfers: Transfers;
let inTransit: string;
/** In TRANSIT with two subsequent carriers yet to receive the goods. */
let relayed: string;
let replaced: string;

beforeAll(async () => {
  client = await api.createClient({ name: 'Declared code tests' });
  cast = await createCast(api, client);
  transfers = new Transfers(api, cast);
  inTransit = await transfers.create({ subsequentCarriers: undefined });
  expect((await transfers.update('carrier', inTransit, { newFreightDocumentStatus: 'TRANSIT' })).status).toBe(201);
  relayed = await transfers.create();
  expect((await transfers.update('carrier', relayed, { newFreightDocumentStatus: 'TRANSIT' })).status).toBe(201);
  replaced = await transfers.create({ subsequentCarriers: undefined });
  expect((await transfers.call('carrier', 'POST', replaced, 'replacebypaper', { reason: 'The tablet failed.' })).status).toBe(200);
}, 120_000);

const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';

/** A change of a document: its operation, who sends it, and the rest of its path after `/freightdocuments/{id}/`. */
const CHANGES: { operation: OperationKey; member: Member; path: string }[] = [
  { operation: 'PATCH /freightdocuments/{id}/estimatedtimes', member: 'carrier', path: 'estimatedtimes' },
  { operation: 'PATCH /freightdocuments/{id}/structuredgoods', member: 'submitter', path: 'structuredgoods' },
  { operation: 'PATCH /freightdocuments/{id}/licenseplates', member: 'carrier', path: 'licenseplates' },
  { operation: 'POST /freightdocuments/{id}/cashondelivery', member: 'carrier', path: 'cashondelivery' },
  { operation: 'POST /freightdocuments/{id}/impediments', member: 'carrier', path: 'impediments' },
  { operation: 'POST /freightdocuments/{id}/instructions', member: 'consignor', path: 'instructions' },
  { operation: 'POST /freightdocuments/{id}/replacebypaper', member: 'carrier', path: 'replacebypaper' },
  { operation: 'POST /freightdocuments/{id}/comments', member: 'carrier', path: 'comments' },
  // The heads are checked before the comment or instruction is looked up: an id of none does for these codes.
  { operation: 'POST /freightdocuments/{id}/comments/{commentId}/withdrawal', member: 'carrier', path: `comments/${NO_SUCH_ID}/withdrawal` },
  {
    operation: 'POST /freightdocuments/{id}/instructions/{instructionId}/response',
    member: 'carrier',
    path: `instructions/${NO_SUCH_ID}/response`,
  },
];

function exampleBody(operation: OperationKey, previousCommits: string[]): Record<string, unknown> {
  const example = operationOf(operation).body?.example;
  return { ...(example as Record<string, unknown>), previousCommits };
}

const send = (member: Member, method: string, id: string, path: string, json: Record<string, unknown>) =>
  api.request(method, `/api/freightdocuments/${id}/${path}`, { bearer: cast[member].token, json });
const methodOf = (operation: OperationKey) => operation.slice(0, operation.indexOf(' '));

describe('the codes every change of a document can answer, per operation', () => {
  it.each(CHANGES)('$operation: empty heads are 4.45, heads not of the document 4.13', async ({ operation, member, path }) => {
    expectError(await send(member, methodOf(operation), inTransit, path, exampleBody(operation, [])), 409, '4.45', 'previousCommits');
    const unknownHead = 'f'.repeat(64);
    expectError(await send(member, methodOf(operation), inTransit, path, exampleBody(operation, [unknownHead])), 409, '4.13');
  });

  it.each(CHANGES)('$operation: after the note was replaced by paper, 4.63', async ({ operation, member, path }) => {
    expectError(await send(member, methodOf(operation), replaced, path, exampleBody(operation, await transfers.heads(replaced))), 409, '4.63');
  });
});

describe('codes of one operation each, provoked through the real server', () => {
  it('PUT /freightdocuments/{id}: the body is validated as at creation (3.1, 3.9, 3.11, 3.15, 3.26, 4.40)', async () => {
    const created = await api.post('/api/freightdocuments', { bearer: cast.submitter.token, json: validBody() });
    expect(created.status, created.text).toBe(201);
    const draft: string = created.body.freightDocumentId;
    const cases: [Record<string, unknown>, string][] = [
      [{ consignor: undefined }, '3.1'],
      [{ goods: undefined, structuredGoods: [{ name: 'Box', type: 'CRATE' }] }, '3.9'],
      [{ placeOfDelivery: { countryCode: 'XYZ' } }, '3.11'],
      [{ estimatedDateTimeOfTakingOver: '2026-12-02T16:30:00Z', estimatedDateTimeOfDelivery: '2026-12-02T16:30:00Z' }, '3.15'],
      [{ establishedDate: '2026-02-30' }, '3.26'],
      [{ carrier: { name: 'X', submittedAccountNumber: '99999999' } }, '4.40'],
    ];
    for (const [overrides, code] of cases) {
      const json = { ...validBody(overrides), previousCommits: await transfers.heads(draft) };
      expectError(await api.put(`/api/freightdocuments/${draft}`, { bearer: cast.submitter.token, json }), 400, code);
    }
  });

  it('an impediment without its kind (3.1); structured goods below the minimum (3.29)', async () => {
    const heads = await transfers.heads(inTransit);
    expectError(await send('carrier', 'POST', inTransit, 'impediments', { text: 'Road closed.', previousCommits: heads }), 400, '3.1', 'kind');
    const goods = { structuredGoods: [{ productId: 1, numberOfPackages: -1 }], previousCommits: heads };
    expectError(await send('submitter', 'PATCH', inTransit, 'structuredgoods', goods), 400, '3.29');
  });

  it('the taking-over time does not move once in TRANSIT (4.9)', async () => {
    const json = { estimatedDateTimeOfTakingOver: '2026-12-01T09:00:00Z', previousCommits: await transfers.heads(inTransit) };
    expectError(await send('carrier', 'PATCH', inTransit, 'estimatedtimes', json), 409, '4.9', 'estimatedDateTimeOfTakingOver');
  });

  it('an account delegation of a role that does not exist (3.9)', async () => {
    const json = { role: 'PILOT', emailAddressOfDelegatee: cast.outsider.email };
    expectError(await api.post('/api/accounts/users/me/delegates', { bearer: cast.submitter.token, json }), 400, '3.9', 'role');
  });

  it.each([
    { path: `instructions/${NO_SUCH_ID}/response`, method: 'POST', body: { accepted: 'maybe' } },
    { path: 'cashondelivery', method: 'POST', body: { collected: 'maybe' } },
    { path: 'licenseplates', method: 'PATCH', body: { roleId: 'r', licensePlates: [{ licensePlate: 'BX-1', countryCode: 'NLD', type: 'SPACESHIP' }] } },
  ])('$method …/$path: a value outside the field’s allowed ones is 3.9', async ({ path, method, body }) => {
    expectError(await send('carrier', method, inTransit, path, { ...body, previousCommits: await transfers.heads(inTransit) }), 400, '3.9');
  });
});

/** A 1×1 PNG padded past the 2 MB that all images of a document may take together (contract §1): 3.34 on its own. */
const OVERSIZED_IMAGE = Buffer.concat([PNG_BYTES, Buffer.alloc(2 * 1024 * 1024)]).toString('base64');
const signedWith = (content: string, originalFileName: string) => ({ signedOnGlassBy: { name: 'Bea' }, attachments: [{ content, originalFileName }] });

describe('codes of one operation each, table-driven: the refusal each case provokes, on a document of the right state', () => {
  it.each([
    {
      operation: 'POST /freightdocuments/{id}/handoverlinks',
      document: () => relayed,
      json: { action: 'CARRIER_TO_CARRIER', counterPartyRoleId: NO_SUCH_ID },
      expected: [404, '4.1', 'counterPartyRoleId'],
    },
    {
      operation: 'POST /freightdocuments/{id}/submitcounterpartyapproval',
      document: () => relayed,
      json: { action: 'CARRIER_TO_CARRIER', counterPartyRoleId: NO_SUCH_ID },
      expected: [404, '4.1', 'counterPartyRoleId'],
    },
    {
      operation: 'POST /freightdocuments/{id}/submitcounterpartyapproval',
      document: () => inTransit,
      json: { action: 'DELIVERY', evidence: signedWith(PDF_BYTES.toString('base64'), 'signature.pdf') },
      expected: [400, '3.8', 'evidence.attachments[0].mimeType'],
    },
    {
      operation: 'POST /freightdocuments/{id}/submitcounterpartyapproval',
      document: () => inTransit,
      json: { action: 'DELIVERY', evidence: signedWith(OVERSIZED_IMAGE, 'signature.png') },
      expected: [400, '3.34', 'evidence.attachments'],
    },
    {
      operation: 'POST /freightdocuments/{id}/impediments',
      document: () => inTransit,
      json: { kind: 'CARRIAGE_IMPOSSIBLE', text: 'Photos of the closed road.', attachments: [{ content: OVERSIZED_IMAGE, originalFileName: 'road.png' }] },
      expected: [400, '3.34', 'attachments'],
    },
  ] satisfies { operation: OperationKey; document: () => string; json: Record<string, unknown>; expected: [number, string, string] }[])(
    '$operation answers $expected.1',
    async ({ operation, document, json, expected: [status, code, field] }) => {
      const id = document();
      const path = operation.slice(operation.indexOf('{id}/') + '{id}/'.length);
      expectError(await send('carrier', methodOf(operation), id, path, { ...json, previousCommits: await transfers.heads(id) }), status, code, field);
    },
  );

  it('POST /freightdocuments/{id}/attachments: a value outside an allowed set is 3.9', async () => {
    const created = await api.post('/api/freightdocuments', { bearer: cast.submitter.token, json: validBody() });
    expect(created.status, created.text).toBe(201);
    const json = { type: 'GENERAL', originalFileName: 'a.pdf', content: PDF_BYTES.toString('base64'), sealed: 'maybe' };
    expectError(await send('submitter', 'POST', created.body.freightDocumentId, 'attachments', json), 400, '3.9', 'sealed');
  });
});
