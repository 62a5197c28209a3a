/**
 * Contract §6, §7 and §1 in the change frame: a change is never dated before the newest commit it names (issue 32:
 * an after-delivery reservation dated 30 days back was recorded in time), a change without `secondsSinceCreation` is
 * dated by the server on both clocks, `clientMeta: ""` comes back as sent, the after-delivery windows count from a
 * clock the client cannot move back past what it saw, and a document holds at most 10,000 comments and 20,000 commits.
 *
 * @backends every (run on PostgreSQL in `npm test` too, vitest.config.ts): the limits are counts in SQL, checked under
 * the document lock.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_COMMENTS_PER_DOCUMENT, MAX_COMMITS_PER_DOCUMENT } from '@/lib/domain/document-limits';
import { ServiceError } from '@/server/errors';
import type { ServiceContext } from '@/server/services/context';
import { getFreightDocument } from '@/server/services/freight-documents/get-freight-document';
import { updateEstimatedTimes } from '@/server/services/freight-documents/update-estimated-times';
import { addComment } from '@/server/services/transfers/add-comment';
import { submitMyApproval } from '@/server/services/transfers/submit-my-approval';
import { updateFreightDocumentStatus } from '@/server/services/transfers/update-status';
import { databaseKinds, openTestDatabase, type TestDatabase } from './harness';
import { as, createPeople, heads, issuedChain, type Party, type People } from './transfers-support';

const DAY_MS = 24 * 3600 * 1000;

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof ServiceError)) throw new Error(`expected a ServiceError, got ${String(error)}`);
  return error.items.map(({ code, field }) => ({ code, field }));
}

describe.each(databaseKinds())('dating and document limits (%s)', (kind) => {
  let database: TestDatabase;
  let people: People;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    people = await createPeople(database);
  }, 180_000);
  afterAll(async () => database?.dispose());

  /** The party's context on a clock of the test's choosing. */
  const at = (party: Party, time: Date): ServiceContext => ({ ...as(database, people, party), now: () => time });
  const read = (freightDocumentId: string) => getFreightDocument({ ctx: as(database, people, 'submitter'), input: { freightDocumentId } });

  /** A document delivered at `deliveredAt` (server time) by the carrier's explicit status updates. */
  async function deliveredAt(deliveredAt: Date) {
    const id = await issuedChain(database, people, { subsequentCarriers: undefined });
    for (const status of ['TRANSIT', 'DELIVERED'] as const) {
      await updateFreightDocumentStatus({
        ctx: at('carrier', deliveredAt),
        input: { freightDocumentId: id, body: { newFreightDocumentStatus: status, previousCommits: await heads(database, people, id) } },
      });
    }
    return id;
  }
  const reserve = async (id: string, time: Date, stage: 'AFTER_DELIVERY' | 'DELAY', secondsSinceCreation?: number) =>
    addComment({
      ctx: at('consignee', time),
      input: {
        freightDocumentId: id,
        body: {
          text: 'Wet cartons found when unpacking',
          reservation: { stage, kind: 'DAMAGE' },
          previousCommits: await heads(database, people, id),
          secondsSinceCreation,
        },
      },
    });
  const lastReservation = async (id: string) => (await read(id)).comments!.at(-1)!.reservation;

  it('a backdated after-delivery reservation, dated before the delivery it names, is 3.6 on secondsSinceCreation', async () => {
    const delivery = new Date();
    const id = await deliveredAt(delivery);
    const fiveMinutesLater = new Date(delivery.getTime() + 5 * 60_000);
    // The finding: 30 days back from now, before the delivery it saw.
    expect(await refusal(reserve(id, fiveMinutesLater, 'AFTER_DELIVERY', 2_592_000))).toEqual([{ code: '3.6', field: 'secondsSinceCreation' }]);
    // One second before the delivery's commit: still before what it saw.
    expect(await refusal(reserve(id, fiveMinutesLater, 'AFTER_DELIVERY', 5 * 60 + 1))).toEqual([{ code: '3.6', field: 'secondsSinceCreation' }]);
    // Dated exactly at the delivery it saw: recorded, dated there.
    await reserve(id, fiveMinutesLater, 'AFTER_DELIVERY', 5 * 60);
    const [entry] = (await read(id)).comments!;
    expect(Date.parse(entry!.createDateTimeServer) - Date.parse(entry!.createDateTimeClient!)).toBe(5 * 60_000);
  });

  it('the windows count from the client time, which cannot precede the delivery: 7 days after the day (Sundays out), 21 × 24 h', async () => {
    // Delivered on Monday 2 November 2026: AFTER_DELIVERY open until the end of Tuesday 10 November (UTC).
    const monday = new Date('2026-11-02T15:00:00Z');
    const id = await deliveredAt(monday);
    const [deliveryHead] = await heads(database, people, id);
    await reserve(id, new Date('2026-11-10T23:59:00Z'), 'AFTER_DELIVERY');
    expect(await lastReservation(id)).toMatchObject({ stage: 'AFTER_DELIVERY', withinTimeLimit: true });
    await reserve(id, new Date('2026-11-11T00:00:30Z'), 'AFTER_DELIVERY');
    expect(await lastReservation(id)).toMatchObject({ withinTimeLimit: false });
    // Made in time on a device that last saw the delivery, sent late: judged at its own time, which follows the delivery.
    await addComment({
      ctx: at('consignee', new Date('2026-11-11T00:10:00Z')),
      input: {
        freightDocumentId: id,
        body: { text: 'Made offline', reservation: { stage: 'AFTER_DELIVERY', kind: 'LOSS' }, previousCommits: [deliveryHead!], secondsSinceCreation: 20 * 60 },
      },
    });
    expect(await lastReservation(id)).toMatchObject({ kind: 'LOSS', withinTimeLimit: true });
    await reserve(id, new Date(monday.getTime() + 21 * DAY_MS), 'DELAY');
    expect(await lastReservation(id)).toMatchObject({ stage: 'DELAY', withinTimeLimit: true });
    await reserve(id, new Date(monday.getTime() + 21 * DAY_MS + 1_000), 'DELAY');
    expect(await lastReservation(id)).toMatchObject({ withinTimeLimit: false });
  });

  it('without secondsSinceCreation a comment, an approval and an update carry the server time as createDateTimeClient', async () => {
    const id = await issuedChain(database, people, { subsequentCarriers: undefined });
    await addComment({
      ctx: as(database, people, 'carrier'),
      input: { freightDocumentId: id, body: { text: 'Seal intact', previousCommits: await heads(database, people, id) } },
    });
    await submitMyApproval({
      ctx: as(database, people, 'carrier'),
      input: { freightDocumentId: id, body: { action: 'COLLECTION', ownRole: 'CARRIER', previousCommits: await heads(database, people, id) } },
    });
    await updateEstimatedTimes({
      ctx: as(database, people, 'carrier'),
      input: { freightDocumentId: id, body: { estimatedDateTimeOfDelivery: '2026-12-24T10:00:00Z', previousCommits: await heads(database, people, id) } },
    });
    const document = await read(id);
    for (const entry of [...document.comments!, ...document.approvals!, ...document.updates!]) {
      expect(entry.createDateTimeClient).toBe(entry.createDateTimeServer);
    }
  });

  it('clientMeta comes back exactly as sent, the empty string included', async () => {
    const id = await issuedChain(database, people, { subsequentCarriers: undefined });
    for (const clientMeta of ['', '{"not":"parsed"}', { device: 'tablet-7', nested: { b: 1, a: 2 }, empty: '', none: {} }]) {
      await addComment({
        ctx: as(database, people, 'carrier'),
        input: { freightDocumentId: id, body: { text: 'Noted', clientMeta, previousCommits: await heads(database, people, id) } },
      });
    }
    expect((await read(id)).comments!.map((comment) => JSON.stringify(comment.clientMeta))).toEqual([
      '""',
      '"{\\"not\\":\\"parsed\\"}"',
      '{"device":"tablet-7","nested":{"b":1,"a":2},"empty":"","none":{}}',
    ]);
  });

  it(`a document holds at most ${MAX_COMMENTS_PER_DOCUMENT.toLocaleString('en')} comments and ${MAX_COMMITS_PER_DOCUMENT.toLocaleString('en')} commits: 4.2`, async () => {
    const id = await issuedChain(database, people, { subsequentCarriers: undefined });
    const comment = async (text: string) =>
      addComment({
        ctx: as(database, people, 'carrier'),
        input: { freightDocumentId: id, body: { text, previousCommits: await heads(database, people, id) } },
      });
    const [head] = await heads(database, people, id);
    const { carrier } = await read(id);
    // Comments as if written before, bound to the creating commit (the chain is not what this checks).
    await database.handle.db.execute(sql`
      insert into document_comments (id, document_id, commit_id, text, role, role_id, account_id, submitted_by_account_id, attachment_ids)
      select gen_random_uuid()::text, ${id}, ${head}, 'Earlier remark ' || n, 'CARRIER', ${carrier!.roleId}, ${people.carrier.accountId},
        ${people.carrier.accountId}, '[]'::jsonb
      from generate_series(1, ${MAX_COMMENTS_PER_DOCUMENT - 1}) n`);
    await comment('The last one that fits');
    expect(await refusal(comment('One too many'))).toEqual([{ code: '4.2', field: 'comments' }]);

    await database.handle.db.execute(sql`
      insert into document_commits (id, document_id, sequence, change_type, account_id, actor, hash_version, previous_commits, content_hash, created_server)
      select md5(${id} || n) || md5(n || ${id}), ${id}, 100 + n, 'ESTIMATED_TIMES', ${people.carrier.accountId}, '{}'::jsonb, 5, '[]'::jsonb, md5(n::text), now()
      from generate_series(1, ${MAX_COMMITS_PER_DOCUMENT} - (select count(*)::int from document_commits where document_id = ${id})) n`);
    expect(await refusal(comment('Beyond the commits'))).toEqual([{ code: '4.2', field: 'previousCommits' }]);
  }, 120_000);
});
