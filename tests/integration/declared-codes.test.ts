/**
 * Issue 35: each code an operation declares occurs in some test (scripts/openapi/check-answered-codes.ts). The codes
 * every change of a document shares are provoked here per operation, table-driven, through the real server: heads
 * that are empty (4.45) or not of the document (4.13), and any change after the note was replaced by paper (4.63).
 * Bodies are the operations' own examples from the reference, with the heads swapped.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { operationOf, type OperationKey } from '@/lib/openapi/operations';
import { expectError, sharedDriver, type Client } from './driver';
import { createCast, Transfers, type Cast, type Member } from './transfers-support';

const api = sharedDriver();
let client: Client;
let cast: Cast;
let transfers: Transfers;
let inTransit: string;
let replaced: string;

beforeAll(async () => {
  client = await api.createClient({ name: 'Declared code tests' });
  cast = await createCast(api, client);
  transfers = new Transfers(api, cast);
  inTransit = await transfers.create({ subsequentCarriers: undefined });
  expect((await transfers.update('carrier', inTransit, { newFreightDocumentStatus: 'TRANSIT' })).status).toBe(201);
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
