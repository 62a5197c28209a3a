/**
 * Helpers for the freight document suites: a valid creation body, tiny real files, and assertions on the
 * exact status, code and field of an error reply.
 */
import { expect } from 'vitest';
import type { Driver, Reply } from './driver';

export const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
// A 1×1 PNG.
export const PNG_BYTES = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

export function validBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    type: 'WAYBILL',
    consignor: { name: 'Acme Shipping', streetName: 'Kade', buildingNumber: 12, cityName: 'Rotterdam', countryCode: 'NLD' },
    consignee: { name: 'Beta Foods', cityName: 'Köln', countryCode: 'DEU' },
    placeOfTakingOver: { name: 'Dock 4', countryCode: 'NLD' },
    goods: '12 pallets of apples',
    establishedDate: '2026-11-21',
    establishedPlace: 'Rotterdam',
    estimatedDateTimeOfTakingOver: '2026-12-01T08:00:00Z',
    estimatedDateTimeOfDelivery: '2026-12-02T16:30:00Z',
    ...overrides,
  };
}

export interface ExpectedError {
  code: string;
  field?: string;
}

/** The reply has this status and exactly these errors (code and field), in any order. */
export function expectErrors(reply: Reply, status: number, expected: ExpectedError[]) {
  expect(reply.status, reply.text).toBe(status);
  const actual = (reply.body?.errors ?? []).map((error: { code: string; field?: string; description: string }) => {
    expect(error.description).toEqual(expect.any(String));
    return error.field === undefined ? { code: error.code } : { code: error.code, field: error.field };
  });
  const normalise = (list: ExpectedError[]) => [...list].map((item) => JSON.stringify(item)).sort();
  expect(normalise(actual)).toEqual(normalise(expected.map((item) => (item.field === undefined ? { code: item.code } : item))));
}

export async function createDocument(api: Driver, token: string, body: Record<string, unknown> = validBody()) {
  const reply = await api.post('/api/freightdocuments', { bearer: token, json: body });
  if (reply.status !== 201) throw new Error(`create failed: ${reply.status} ${reply.text}`);
  return reply.body.freightDocumentId as string;
}

export async function getDocument(api: Driver, token: string, id: string) {
  const reply = await api.get(`/api/freightdocuments/${id}`, { bearer: token });
  if (reply.status !== 200) throw new Error(`get failed: ${reply.status} ${reply.text}`);
  return reply.body;
}

/** PUT's answer (contract §4): 205 Reset Content with an empty body. */
export function expectResetContent(reply: Reply) {
  expect(reply.status, reply.text).toBe(205);
  expect(reply.text).toBe('');
}
