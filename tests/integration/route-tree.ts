/**
 * The REST route tree under src/app/api and what the running server answers for it: the OpenAPI test compares it with
 * the served document (issue 11). Routes wrapped in `whileEftiOn` exist only while eFTI is on (contract: otherwise
 * every method answers 2.2), so they are compared on a server with the eFTI settings (efti.test.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { REPO_ROOT } from '../support/server';
import type { Driver } from './driver';

const API_DIR = path.join(REPO_ROOT, 'src/app/api');

/** Not part of the REST API: the portal's and tablet's transports and the admin command's private door. */
const NOT_REST: Record<string, string> = {
  '/[[...path]]': 'the catch-all: /api itself answers an index pointing at the reference, any other unknown path 2.2',
  '/trpc/[trpc]': 'tRPC, the portal and tablet transport',
  '/auth/[...nextauth]': 'portal sessions (next-auth)',
  '/internal/admin': 'the admin command, reachable only with a token from DATA_DIR',
  '/portal/locale': "the portal's language switch (a cookie of this browser; contract §1: no server actions)",
};

/** Route folders as `/freightdocuments/[id]/efti`; `eftiOnly`: the ones that exist only while eFTI is on. */
export function routeFolders(): { folder: string; eftiOnly: boolean }[] {
  return fs
    .readdirSync(API_DIR, { recursive: true, encoding: 'utf8' })
    .filter((file) => path.basename(file) === 'route.ts')
    .map((file) => ({
      folder: `/${path.dirname(file).split(path.sep).join('/')}`.replace(/^\/\.$/, '/'),
      eftiOnly: fs.readFileSync(path.join(API_DIR, file), 'utf8').includes('whileEftiOn('),
    }))
    .filter(({ folder }) => !(folder in NOT_REST))
    .sort((a, b) => a.folder.localeCompare(b.folder));
}

export const template = (folder: string) => folder.replace(/\[(\w+)\]/g, '{$1}');
const sample = (folder: string) => folder.replace(/\[(\w+)\]/g, '00000000-0000-4000-8000-000000000000');

/**
 * Each folder's methods as the server's `Allow` names them (a plain OPTIONS, contract §1) against the document's:
 * the methods missing from the document, and the documented ones the server does not answer.
 */
export async function compareWithDocument(api: Driver, folders: string[]): Promise<{ missing: string[]; extra: string[] }> {
  const documented = (await api.get('/api/openapi.json')).body.paths as Record<string, Record<string, unknown>>;
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
  return { missing, extra };
}
