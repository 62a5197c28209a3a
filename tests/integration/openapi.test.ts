/**
 * The OpenAPI document lists every route (issue 11): this walks src/app/api/**\/route.ts, asks the running server
 * which methods each path answers (a plain OPTIONS gets `Allow`, contract §1), and fails when one of them is missing
 * from /api/openapi.json, or when the document names a method the server does not answer. The eFTI routes exist only
 * while eFTI is on: here (off) they answer 2.2; efti.test.ts compares them on its own server.
 */
import { describe, expect, it } from 'vitest';
import { expectError, sharedDriver } from './driver';
import { compareWithDocument, routeFolders, template } from './route-tree';

const api = sharedDriver();

describe('the OpenAPI document and the route tree', () => {
  it('documents every method of every REST route, and nothing the server does not answer', async () => {
    const document = (await api.get('/api/openapi.json')).body;
    const documented = document.paths as Record<string, Record<string, unknown>>;
    const folders = routeFolders();
    expect(folders.length).toBeGreaterThan(30);
    // The shared server runs without eFTI: its routes answer 2.2 to every method, OPTIONS too (efti.test.ts compares them).
    const eftiOnly = folders.filter((route) => route.eftiOnly).map((route) => route.folder);
    expect(eftiOnly.length).toBeGreaterThan(0);
    for (const folder of eftiOnly) expectError(await api.request('OPTIONS', `/api${folder.replace(/\[(\w+)\]/g, 'x')}`), 404, '2.2');
    const { missing, extra } = await compareWithDocument(
      api,
      folders.filter((route) => !route.eftiOnly).map((route) => route.folder),
    );
    expect(missing, 'routes missing from the OpenAPI document').toEqual([]);
    expect(extra, 'documented methods the server does not answer').toEqual([]);
    const routeTemplates = new Set(folders.map((route) => template(route.folder)));
    expect(Object.keys(documented).filter((documentedPath) => !routeTemplates.has(documentedPath))).toEqual([]);
  });

  it('is served under /api and /v1/api, as JSON, without authentication', async () => {
    const reply = await api.get('/api/openapi.json');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/^application\/json/);
    expect(reply.body.openapi).toBe('3.1.0');
    expect((await api.get('/v1/api/openapi.json')).text).toBe(reply.text);
  });
});
