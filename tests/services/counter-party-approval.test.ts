/**
 * Every way in for the counter party (issue 19, item 3), on both databases: the mail naming a counter party with an
 * account links to its approval, the dashboard marks the transfer it may approve (never the carrier's side), and the
 * approval there is the caller's own (OWN), refused a second time.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { counterPartyApprovalOf } from '@/lib/domain/counter-party-approval';
import { mailOutbox } from '@/server/db/schema';
import { ServiceError } from '@/server/errors';
import { openMailBody } from '@/server/mail/queue-mail';
import { getFreightDocument } from '@/server/services/freight-documents/get-freight-document';
import { getDashboard } from '@/server/services/portal/get-dashboard';
import { submitMyApproval } from '@/server/services/transfers/submit-my-approval';
import { databaseKinds, openTestDatabase, type TestDatabase } from './harness';
import { as, createPeople, heads, issuedChain, type People } from './transfers-support';

describe.each(databaseKinds())('the counter party’s approval in the portal (%s)', (kind) => {
  let database: TestDatabase;
  let people: People;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    people = await createPeople(database);
  }, 180_000);
  afterAll(async () => database?.dispose());

  const mailTextTo = async (email: string) => {
    const rows = await database.handle.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
    const ctx = as(database, people, 'submitter');
    return rows.map((row) => openMailBody(row.textBody, ctx.appSecret));
  };

  it('links the consignor’s and the consignee’s mail to the approval, not the carrier’s', async () => {
    const id = await issuedChain(database, people, { subsequentCarriers: undefined });
    const approve = `/documents/${id}/approve`;
    expect((await mailTextTo(people.consignor.email)).some((text) => text.includes(approve))).toBe(true);
    expect((await mailTextTo(people.consignee.email)).some((text) => text.includes(approve))).toBe(true);
    expect((await mailTextTo(people.carrier.email)).some((text) => text.includes(approve))).toBe(false);
  });

  it('marks the waiting collection for the consignor only, and records its own approval once', async () => {
    const id = await issuedChain(database, people, {
      subsequentCarriers: undefined,
      availableSigningMethods: { collection: ['OWN'], carrierToCarrier: ['OWN'], delivery: ['OWN'] },
    });
    const todayStart = new Date(Date.now() - 86_400_000).toISOString();
    const waiting = async (party: 'consignor' | 'carrier') =>
      (await getDashboard({ ctx: as(database, people, party), input: { todayStart } })).awaitingMyApproval.find((item) => item.freightDocumentId === id);
    expect((await waiting('consignor'))?.counterPartyApproval).toBe('COLLECTION');
    expect((await waiting('carrier'))?.counterPartyApproval).toBeNull();

    const ctx = as(database, people, 'consignor');
    const offered = counterPartyApprovalOf(await getFreightDocument({ ctx, input: { freightDocumentId: id } }));
    expect(offered).toEqual({ action: 'COLLECTION', ownRole: 'CONSIGNOR' });
    const body = { ...offered!, previousCommits: await heads(database, people, id) };
    const after = await submitMyApproval({ ctx, input: { freightDocumentId: id, body } });
    expect(after.approvals!.filter((approval) => approval.role === 'CONSIGNOR').map((approval) => approval.type)).toEqual(['OWN']);
    expect(counterPartyApprovalOf(after)).toBeNull();
    await expect(submitMyApproval({ ctx, input: { freightDocumentId: id, body: { ...body, previousCommits: after.previousCommits } } })).rejects.toBeInstanceOf(
      ServiceError,
    );
  });
});
