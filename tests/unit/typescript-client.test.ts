/**
 * Issue 23: the TypeScript client under clients/typescript is generated from the OpenAPI document the service serves.
 * This test generates it again and fails when the committed schema.d.ts is stale: run `npm run client:generate`.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { documentText, SCHEMA_FILE, schemaText } from '../../scripts/openapi/client';

describe('the generated TypeScript client', () => {
  it('is current with the served OpenAPI document (else: npm run client:generate)', async () => {
    const generated = await schemaText(documentText());
    const committed = fs.readFileSync(SCHEMA_FILE, 'utf8');
    // Not toBe on 400 kB of text: a diff of that size helps nobody; say what to run.
    expect(committed === generated, 'clients/typescript/schema.d.ts is stale: run npm run client:generate').toBe(true);
    expect(generated).toContain('"/freightdocuments/{id}/submitcounterpartyapproval"');
  }, 60_000);
});
