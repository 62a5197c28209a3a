/**
 * The OpenAPI document lists every route (issue 11): this walks src/app/api/**\/route.ts, asks the running server
 * which methods each path answers (a plain OPTIONS gets `Allow`, contract §1), and fails when one of them is missing
 * from /api/openapi.json, or when the document names a method the server does not answer.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../support/server';
import { sharedDriver } from './driver';

const api = sharedDriver();
const API_DIR = path.join(REPO_ROOT, 'src/app/api');

/** Not part of the REST API: the portal's and tablet's transports and the admin command's private door. */
const NOT_REST: Record<string, string> = {
  '/[[...path]]': 'the catch-all: /api itself answers an index pointing at the reference, any other unknown path 2.2',
  '/trpc/[trpc]': 'tRPC, the portal and tablet transport',
  '/auth/[...nextauth]': 'portal sessions (next-auth)',
  '/internal/admin': 'the admin command, reachable only with a token from DATA_DIR',
};

function routeFolders(): string[] {
  return fs
    .readdirSync(API_DIR, { recursive: true, encoding: 'utf8' })
    .filter((file) => path.basename(file) === 'route.ts')
    .map((file) => `/${path.dirname(file).split(path.sep).join('/')}`.replace(/^\/\.$/, '/'))
    .filter((folder) => !(folder in NOT_REST))
    .sort();
}

const template = (folder: string) => folder.replace(/\[(\w+)\]/g, '{$1}');
const sample = (folder: string) => folder.replace(/\[(\w+)\]/g, '00000000-0000-4000-8000-000000000000');

describe('the OpenAPI document and the route tree', () => {
  it('documents every method of every REST route, and nothing the server does not answer', async () => {
    const document = (await api.get('/api/openapi.json')).body;
    const documented = document.paths as Record<string, Record<string, unknown>>;
    const folders = routeFolders();
    expect(folders.length).toBeGreaterThan(30);
    const missing: string[] = [];
    const extra: string[] = [];
    for (const folder of folders) {
      const reply = await api.request('OPTIONS', `/api${sample(folder)}`);
      expect(reply.status, folder).toBe(204);
      const methods = (reply.headers.get('allow') ?? '')
        .split(',')
        .map((method) => method.trim().toLowerCase())
        .filter((method) => method && method !== 'options');
      expect(methods.length, folder).toBeGreaterThan(0);
      const inDocument = Object.keys(documented[template(folder)] ?? {});
      for (const method of methods) if (!inDocument.includes(method)) missing.push(`${method.toUpperCase()} ${template(folder)}`);
      for (const method of inDocument) if (!methods.includes(method)) extra.push(`${method.toUpperCase()} ${template(folder)}`);
    }
    expect(missing, 'routes missing from the OpenAPI document').toEqual([]);
    expect(extra, 'documented methods the server does not answer').toEqual([]);
    const routeTemplates = new Set(folders.map(template));
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
