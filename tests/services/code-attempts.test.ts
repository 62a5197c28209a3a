/**
 * Contract §8's attempt limit: at most 5 wrong response codes per transfer within 15 minutes; then every code for
 * that transfer, right or wrong, is 429 `1.10` with Retry-After until the window has passed, and the counter
 * parties are e-mailed once. Counted in the database before the code is checked, so parallel guesses cannot pass it.
 *
 * @backends every (run on PostgreSQL in `npm test` too, vitest.config.ts): the attempts are counted in the database,
 * raced on PostgreSQL only.
 */
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { challengeCode, contentHash, responseCode, responseCodeV1, TFA_ATTEMPT_WINDOW_SECONDS } from '@/lib/domain/tfa';
import { mailOutbox } from '@/server/db/schema';
import { ServiceError } from '@/server/errors';
import type { ServiceContext } from '@/server/services/context';
import { getFreightDocument } from '@/server/services/freight-documents/get-freight-document';
import { submitCounterpartyApproval } from '@/server/services/transfers/submit-counterparty-approval';
import { databaseKinds, openTestDatabase, type TestDatabase } from './harness';
import { accountSecretOf, as, createPeople, heads, issuedChain, type People } from './transfers-support';

async function outcome(promise: Promise<unknown>) {
  return promise.then(
    () => 'approved',
    (error: unknown) => {
      if (!(error instanceof ServiceError)) throw error;
      return error.hints.rateLimited ? `${error.code} retry ${error.hints.retryAfterSeconds}` : `${error.code} ${error.items[0]!.field ?? ''}`.trim();
    },
  );
}

describe.each(databaseKinds())('TFA attempt limit (%s)', (kind) => {
  let database: TestDatabase;
  let people: People;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    people = await createPeople(database);
  }, 180_000);
  afterAll(async () => database?.dispose());

  /** The carrier at a given moment (the clock passed in, as every rule takes it). */
  const carrierAt = (at?: Date): ServiceContext => ({ ...as(database, people, 'carrier'), ...(at ? { now: () => at } : {}) });
  const submit = async (freightDocumentId: string, code: string, ctx = carrierAt(), previousCommits?: string[]) =>
    submitCounterpartyApproval({
      ctx,
      input: {
        freightDocumentId,
        body: {
          action: 'COLLECTION',
          evidence: { responseCode: code },
          previousCommits: previousCommits ?? (await heads(database, people, freightDocumentId)),
        },
      },
    });

  /** The consignor's right response to the carrier's challenge, and a wrong one (valid format, other MAC). */
  async function codesFor(freightDocumentId: string) {
    const carrierView = await getFreightDocument({ ctx: as(database, people, 'carrier'), input: { freightDocumentId } });
    const { s1, s3, s2 } = carrierView.collectionSecrets!;
    const challenge = challengeCode({ contentHash: contentHash([], carrierView.serviceNumber), serviceNumber: carrierView.serviceNumber, s1: s1!, s3 });
    const right = responseCode({
      challenge,
      action: 'COLLECTION',
      accountNumber: people.consignor.accountNumber,
      s2,
      accountSecret: await accountSecretOf(as(database, people, 'consignor'), people.consignor.accountId),
    });
    const wrong = responseCode({ challenge, action: 'DELIVERY', accountNumber: people.consignor.accountNumber, s2, accountSecret: '1'.repeat(64) });
    const versionOne = responseCodeV1({
      challenge,
      serviceNumber: carrierView.serviceNumber,
      accountNumber: people.consignor.accountNumber,
      s2,
      accountSecret: await accountSecretOf(as(database, people, 'consignor'), people.consignor.accountId),
    });
    return { right, wrong, versionOne };
  }

  const lockMails = async () =>
    database.handle.db
      .select({ to: mailOutbox.toAddress })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, people.consignor.email), like(mailOutbox.subject, '%two-factor approval blocked%')));

  it('five wrong codes, then the right one is 429 1.10 with Retry-After; the consignor is told once; after 15 minutes it is accepted', async () => {
    const id = await issuedChain(database, people);
    const { right, wrong } = await codesFor(id);
    const before = (await lockMails()).length;
    for (let attempt = 0; attempt < 5; attempt += 1) expect(await outcome(submit(id, wrong))).toBe('3.6 evidence.responseCode');
    expect(await outcome(submit(id, right))).toMatch(/^1\.10 retry (89\d|900)$/);
    expect(await outcome(submit(id, wrong))).toMatch(/^1\.10 retry/);
    expect((await lockMails()).length - before).toBe(1);

    const later = new Date(Date.now() + (TFA_ATTEMPT_WINDOW_SECONDS + 1) * 1000);
    expect(await outcome(submit(id, right, carrierAt(later)))).toBe('approved');
  });

  it('requests that fail for another reason, and right codes, do not count', async () => {
    const id = await issuedChain(database, people);
    const { right, wrong } = await codesFor(id);
    for (let attempt = 0; attempt < 4; attempt += 1) expect(await outcome(submit(id, wrong))).toBe('3.6 evidence.responseCode');
    const unknownHead = 'f'.repeat(64);
    for (let attempt = 0; attempt < 3; attempt += 1) expect(await outcome(submit(id, right, carrierAt(), [unknownHead]))).toBe('4.13 previousCommits');
    expect(await outcome(submit(id, right))).toBe('approved');
  });

  it('a right version 1 code without TFA_ACCEPT_V1 is 3.6 naming version 1 and the setting, and is no wrong attempt', async () => {
    const id = await issuedChain(database, people);
    const { right, wrong, versionOne } = await codesFor(id);
    for (let attempt = 0; attempt < 4; attempt += 1) expect(await outcome(submit(id, wrong))).toBe('3.6 evidence.responseCode');
    // Four wrong ones so far: were the version 1 codes counted, the second would already be 429.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const refused = await submit(id, versionOne).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(ServiceError);
      expect((refused as ServiceError).items).toEqual([
        { code: '3.6', field: 'evidence.responseCode', description: expect.stringMatching(/version 1.*TFA_ACCEPT_V1=true/) as string },
      ]);
    }
    expect(await outcome(submit(id, right))).toBe('approved');
  });

  it('parallel guesses: exactly five are checked, the rest refused with 429', async () => {
    const id = await issuedChain(database, people);
    const { wrong } = await codesFor(id);
    const previousCommits = await heads(database, people, id);
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => outcome(submit(id, wrong, carrierAt(), previousCommits))));
    expect(outcomes.filter((result) => result === '3.6 evidence.responseCode')).toHaveLength(5);
    expect(outcomes.filter((result) => result.startsWith('1.10 retry'))).toHaveLength(5);
  });
});
