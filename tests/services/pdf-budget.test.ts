/**
 * Contract §1 through the service: a render over its budget is answered 5.0 (never with internal details), and the
 * next render of the account is not held up by it. The budget is cut to 1 ms for this file's process, so every render
 * runs over it; the pool's own behaviour (threads, turns, termination) is tests/unit/pdf-budget.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceError } from '@/server/errors';
import { closePdfPool } from '@/server/pdf/pool';
import { renderFreightDocumentPdf } from '@/server/services/freight-documents/render-freight-document-pdf';
import { databaseKinds, openTestDatabase, type TestDatabase } from './harness';
import { as, createPeople, issuedChain, type People } from './transfers-support';

process.env.PDF_RENDER_BUDGET_MS = '1';

describe.each(databaseKinds().slice(0, 1))('PDF render budget (%s)', (kind) => {
  let database: TestDatabase;
  let people: People;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    people = await createPeople(database);
  }, 180_000);
  afterAll(async () => {
    // The pool and the setting go with this file: later files of a reused worker get the real budget.
    await closePdfPool();
    delete process.env.PDF_RENDER_BUDGET_MS;
    await database?.dispose();
  });

  it('a render over the budget is 5.0, and the account’s next one gets its turn (and its own 5.0 here)', async () => {
    const id = await issuedChain(database, people);
    const render = () => renderFreightDocumentPdf({ ctx: as(database, people, 'submitter'), input: { freightDocumentId: id } });
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const error = await render().then(
        () => undefined,
        (reason: unknown) => reason,
      );
      expect(error).toBeInstanceOf(ServiceError);
      expect((error as ServiceError).items).toEqual([{ code: '5.0', description: 'Internal error.' }]);
    }
  });
});
