import { describe, expect, it } from 'vitest';
import { apiOperations, buildOpenApiDocument } from '@/lib/openapi/document';
import { errorAnswers, GENERAL_ERROR_CODES, undeclaredCodes } from '@/lib/openapi/error-answers';
import { operationOf } from '@/lib/openapi/operations';

describe('the error codes an operation declares (issue 35)', () => {
  it('every operation lists the codes the REST wrapper can answer for any of them, from the one shared list', () => {
    for (const operation of apiOperations) {
      const answers = errorAnswers(operation).map(({ code, status }) => `${code}/${status}`);
      expect(answers, `${operation.method} ${operation.path}`).toEqual(expect.arrayContaining(['2.4/413', '2.6/406', '3.17/400', '5.0/500']));
      if (operation.auth === 'bearer') expect(answers).toEqual(expect.arrayContaining(['1.8/401', '1.11/401']));
      if (operation.method === 'post' && operation.security !== 'eftiGate') expect(answers).toEqual(expect.arrayContaining(['1.10/429', '4.50/400']));
      // The operation's own list adds what its service answers; the general codes are not repeated there.
      expect(new Set(answers).size).toBe(answers.length);
    }
    expect(GENERAL_ERROR_CODES.length).toBeGreaterThan(0);
  });

  it('the OpenAPI document shows exactly those statuses per operation', () => {
    const document = buildOpenApiDocument('test');
    for (const operation of apiOperations) {
      const responses = document.paths?.[operation.path]?.[operation.method]?.responses ?? {};
      // Statuses that are also an answer of the operation's own (the heartbeat's 503, the authorize page's 400) are left out.
      const answers = new Set(operation.success.map(({ status }) => String(status)));
      const errorStatuses = Object.keys(responses).filter((status) => Number(status) >= 400 && !answers.has(status));
      const declared = [...new Set(errorAnswers(operation).map(({ status }) => String(status)))].filter((status) => !answers.has(status));
      expect(errorStatuses.sort(), `${operation.method} ${operation.path}`).toEqual(declared.sort());
    }
  });

  it('an answer is undeclared by its first code and status, or by a code beside it listed nowhere; a declared answer status is no error', () => {
    const issue = operationOf('POST /freightdocuments/{id}/issue');
    expect(undeclaredCodes(issue, 409, ['4.18'])).toEqual([]);
    expect(undeclaredCodes(issue, 400, ['3.1'])).toEqual(['3.1 (400)']);
    expect(undeclaredCodes(issue, 400, ['4.18'])).toEqual(['4.18 (400)']);
    expect(undeclaredCodes(issue, 409, ['4.18', '4.41', '3.40'])).toEqual(['3.40 (beside 4.18)']);
    expect(undeclaredCodes(issue, 200, [])).toEqual([]);
    // The heartbeat's 503 DOWN carries 5.0 and is one of its declared answers.
    expect(undeclaredCodes(operationOf('GET /heartbeat'), 503, ['5.0'])).toEqual([]);
  });
});
