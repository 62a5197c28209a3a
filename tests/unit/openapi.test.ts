/**
 * The OpenAPI document (issue 11): valid OpenAPI 3.1 by a maintained validator, an example request and answer for
 * every operation, every example accepted by the schema it illustrates, and an error table that covers the catalogue.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { errorCodes } from '@/lib/errors/catalogue';
import { apiOperations, buildOpenApiDocument } from '@/lib/openapi/document';
import { errorTable } from '@/lib/openapi/error-table';

const document = buildOpenApiDocument('0.0.0-test');

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.1', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document) as unknown as Parameters<Validator['validate']>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('has an example request and an example answer for every operation', () => {
    for (const [path, item] of Object.entries(document.paths ?? {})) {
      for (const [method, operation] of Object.entries(item as Record<string, any>)) {
        const where = `${method.toUpperCase()} ${path}`;
        for (const parameter of operation.parameters ?? []) {
          if (parameter.in === 'path') expect(parameter.schema?.example, `${where} {${parameter.name}}`).toBeDefined();
        }
        if (operation.requestBody) {
          // One `example`, or several named `examples` (the token endpoint: one per grant).
          const examples = Object.values(operation.requestBody.content).map((media: any) => media.example ?? media.examples);
          expect(
            examples.every((example) => example !== undefined),
            where,
          ).toBe(true);
        }
        const answers = Object.entries(operation.responses as Record<string, any>);
        const success = answers.filter(([status]) => Number(status) < 400);
        expect(success.length, where).toBeGreaterThan(0);
        for (const [status, answer] of answers) {
          const contents = Object.entries((answer.content ?? {}) as Record<string, any>);
          // Bytes (a PDF, an image) have no text example; every JSON and text answer has one.
          for (const [media, content] of contents) {
            if (content.schema?.format !== 'binary') expect(content.example, `${where} ${status} ${media}`).toBeDefined();
          }
        }
        // Every operation names its errors with their codes.
        expect(
          answers.some(([status]) => Number(status) >= 400),
          where,
        ).toBe(true);
      }
    }
  });

  it('every example fits the schema it illustrates', () => {
    for (const operation of apiOperations) {
      const where = `${operation.method.toUpperCase()} ${operation.path}`;
      if (operation.body) {
        for (const example of [operation.body.example, ...Object.values(operation.body.examples ?? {}).map((named) => named.value)]) {
          const parsed = operation.body.schema.safeParse(example);
          expect(parsed.success, `${where} request: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
        }
      }
      if (operation.query && operation.parameterExamples) {
        const query = Object.fromEntries(Object.entries(operation.parameterExamples).filter(([name]) => name in operation.query!.shape));
        expect(operation.query.safeParse(query).success, `${where} query`).toBe(true);
      }
      for (const answer of operation.success) {
        for (const [media, representation] of Object.entries(answer.content ?? {})) {
          if (!representation.schema) continue;
          const parsed = representation.schema.safeParse(representation.example);
          expect(parsed.success, `${where} ${answer.status} ${media}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
        }
      }
    }
  });

  it('operations are unique and every path parameter has a name in the path', () => {
    const keys = apiOperations.map((operation) => `${operation.method} ${operation.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('the error table', () => {
  it('lists every code of the catalogue with its statuses, including contract §1 exceptions', () => {
    const table = errorTable();
    expect(table.map((row) => row.code)).toEqual(errorCodes);
    const byCode = Object.fromEntries(table.map((row) => [row.code, row.statuses]));
    expect(byCode['2.6']).toEqual([406, 415]);
    expect(byCode['2.4']).toEqual([400, 413]);
    expect(byCode['1.7']).toEqual([400, 401]);
    expect(byCode['1.10']).toEqual([403, 429]);
    expect(byCode['4.47']).toEqual([404]);
  });

  it('gives every code a cause and a remedy beside the catalogue’s meaning (issue 35), in words of its own', () => {
    for (const row of errorTable()) {
      expect(row.cause.length, row.code).toBeGreaterThan(10);
      expect(row.remedy.length, row.code).toBeGreaterThan(0);
      expect(row.cause, row.code).not.toBe(row.meaning);
    }
    const byCode = Object.fromEntries(errorTable().map((row) => [row.code, row]));
    expect(byCode['3.11']!.remedy).toContain('NLD');
    expect(byCode['4.20']!.cause).toContain('CMR');
    expect(byCode['3.6']!.cause).toContain('version 1');
  });
});
