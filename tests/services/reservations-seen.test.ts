/**
 * Contract §14 in the services tier, on both databases: a counter party's approval accepts the reservations of its
 * stage it was shown (among the ancestors of the heads it names), lists the later ones as `unseenReservations`
 * (issue 32: a reservation added after the hand-over page was loaded was accepted by the signature); the author
 * withdraws a reservation until that stage's counter party answered, as one commit with a RESERVATION event, and it
 * leaves the acceptances; the note is replaced by paper by the submitter or the carrier side holding the cargo only.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentEvents } from '@/server/db/schema';
import { ServiceError } from '@/server/errors';
import type { ServiceContext } from '@/server/services/context';
import { getFreightDocument } from '@/server/services/freight-documents/get-freight-document';
import { verifyCommitChain } from '@/server/services/document/verify-commit-chain';
import { replaceByPaper } from '@/server/services/legal-events/replace-by-paper';
import { withdrawReservation } from '@/server/services/legal-events/withdraw-reservation';
import { addComment } from '@/server/services/transfers/add-comment';
import { createHandoverLink } from '@/server/services/transfers/create-handover-link';
import { openHandoverLink } from '@/server/services/transfers/open-handover-link';
import { redeemHandoverLink } from '@/server/services/transfers/redeem-handover-link';
import { submitMyApproval } from '@/server/services/transfers/submit-my-approval';
import { databaseKinds, openTestDatabase, type TestDatabase } from './harness';
import { as, createPeople, heads, issuedChain, type Party, type People } from './transfers-support';

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof ServiceError)) throw new Error(`expected a ServiceError, got ${String(error)}`);
  return error.items.map(({ code }) => code);
}

describe.each(databaseKinds())('what an approval accepts, withdrawals and paper replacement (%s)', (kind) => {
  let database: TestDatabase;
  let people: People;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    people = await createPeople(database);
  }, 180_000);
  afterAll(async () => database?.dispose());

  const read = (id: string) => getFreightDocument({ ctx: as(database, people, 'submitter'), input: { freightDocumentId: id } });
  const reserve = async (party: Party, id: string, stage: string, text: string) =>
    (
      await addComment({
        ctx: as(database, people, party),
        input: {
          freightDocumentId: id,
          body: { text, reservation: { stage: stage as 'TAKING_OVER', kind: 'DAMAGE' }, previousCommits: await heads(database, people, id) },
        },
      })
    ).commentId;
  const approve = async (party: Party, id: string, body: Record<string, unknown>, shown?: string[]) =>
    submitMyApproval({
      ctx: as(database, people, party),
      input: { freightDocumentId: id, body: { previousCommits: shown ?? (await heads(database, people, id)), ...body } as never },
    });
  const withdraw = async (party: Party | ServiceContext, id: string, commentId: string) =>
    withdrawReservation({
      ctx: typeof party === 'string' ? as(database, people, party) : party,
      input: { freightDocumentId: id, commentId, body: { previousCommits: await heads(database, people, id) } },
    });

  it('submitmyapproval accepts what its heads show: a reservation made after them is unseen, not accepted', async () => {
    const id = await issuedChain(database, people, { subsequentCarriers: undefined });
    const seen = await reserve('carrier', id, 'TAKING_OVER', 'Torn wrap on two pallets');
    const shown = await heads(database, people, id);
    const later = await reserve('carrier', id, 'TAKING_OVER', 'Consignee waives all claims');
    await approve('carrier', id, { action: 'COLLECTION', ownRole: 'CARRIER' });
    const answer = await approve('consignor', id, { action: 'COLLECTION', ownRole: 'CONSIGNOR' }, shown);
    const approval = answer.approvals!.find((entry) => entry.side === 'COUNTER_PARTY')!;
    expect(approval).toMatchObject({ acceptedReservations: [seen], unseenReservations: [later] });
    // The carrier side's own approval accepts nothing.
    expect(answer.approvals!.find((entry) => entry.side === 'CARRIER')).toMatchObject({ acceptedReservations: [], unseenReservations: [] });
    expect(await verifyCommitChain(database.handle.db, id)).toMatchObject({ intact: true });
  });

  it('the hand-over page’s answer names the heads it showed: a reservation added meanwhile is unseen', async () => {
    const id = await issuedChain(database, people, {
      subsequentCarriers: undefined,
      availableSigningMethods: { collection: ['OWN'], carrierToCarrier: ['OWN'], delivery: ['OWN', 'SIGN_ON_GLASS'] },
    });
    await approve('carrier', id, { action: 'COLLECTION', ownRole: 'CARRIER' });
    await approve('consignor', id, { action: 'COLLECTION', ownRole: 'CONSIGNOR' });
    const onPage = await reserve('consignee', id, 'DELIVERY', 'Three cartons dented');
    await approve('carrier', id, { action: 'DELIVERY', ownRole: 'CARRIER' });
    const { url } = await createHandoverLink({ ctx: as(database, people, 'carrier'), input: { freightDocumentId: id, body: { action: 'DELIVERY' } } });
    const token = url.slice(url.lastIndexOf('/') + 1);
    const anonymous: ServiceContext = { ...as(database, people, 'outsider'), caller: undefined };
    const page = await openHandoverLink({ ctx: anonymous, input: { token } });
    if (page.state !== 'OPEN') throw new Error('the link should be open');
    expect(page.view.reservations.map((reservation) => reservation.text)).toEqual(['Three cartons dented']);
    // The finding: the carrier adds a waiver after the page was loaded.
    const added = await reserve('carrier', id, 'DELIVERY', 'Consignee confirms goods complete and waives all claims');
    const result = await redeemHandoverLink({ ctx: anonymous, input: { token, name: 'Bea Berg', signature: PNG, previousCommits: page.view.previousCommits } });
    expect(result).toMatchObject({ outcome: 'RECORDED', status: 'DELIVERED', unseenReservations: [added] });
    const signed = (await read(id)).approvals!.find((approval) => approval.type === 'SIGN_ON_GLASS')!;
    expect(signed).toMatchObject({ acceptedReservations: [onPage], unseenReservations: [added] });
  });

  it('the author withdraws a reservation before the counter party answered: kept, marked, not accepted; one RESERVATION event', async () => {
    const id = await issuedChain(database, people, { subsequentCarriers: undefined });
    const kept = await reserve('carrier', id, 'TAKING_OVER', 'Wet cartons');
    const mistaken = await reserve('carrier', id, 'TAKING_OVER', 'Shortage');
    const plain = (
      await addComment({
        ctx: as(database, people, 'carrier'),
        input: { freightDocumentId: id, body: { text: 'Seal intact', previousCommits: await heads(database, people, id) } },
      })
    ).commentId;
    expect(await refusal(withdraw('consignor', id, mistaken))).toEqual(['1.4']);
    expect(await refusal(withdraw('carrier', id, plain))).toEqual(['4.60']);
    expect(await refusal(withdraw('carrier', id, crypto.randomUUID()))).toEqual(['4.1']);

    const answer = await withdraw('carrier', id, mistaken);
    const withdrawn = answer.comments!.find((comment) => comment.commentId === mistaken)!;
    expect(withdrawn.reservation).toMatchObject({
      stage: 'TAKING_OVER',
      withdrawn: { at: answer.updates!.at(-1)!.createDateTimeServer, by: { accountNumber: people.carrier.accountNumber, name: 'carrier' } },
    });
    expect(answer.updates!.at(-1)).toMatchObject({ changeType: 'RESERVATION_WITHDRAWAL', newFreightDocumentStatus: null });
    const events = await database.handle.db
      .select()
      .from(documentEvents)
      .where(and(eq(documentEvents.documentId, id), eq(documentEvents.commitId, answer.updates!.at(-1)!.commitId)));
    expect(events.map((event) => [event.type, event.event, event.status])).toEqual([['LEGAL_EVENT', 'RESERVATION', 'ISSUED']]);
    expect(await refusal(withdraw('carrier', id, mistaken))).toEqual(['4.60']);

    await approve('carrier', id, { action: 'COLLECTION', ownRole: 'CARRIER' });
    const collected = await approve('consignor', id, { action: 'COLLECTION', ownRole: 'CONSIGNOR' });
    expect(collected.approvals!.find((entry) => entry.side === 'COUNTER_PARTY')).toMatchObject({ acceptedReservations: [kept], unseenReservations: [] });
    // After the counter party's approval, too late.
    expect(await refusal(withdraw('carrier', id, kept))).toEqual(['4.60']);
    expect(await verifyCommitChain(database.handle.db, id)).toMatchObject({ intact: true });
  });

  it('after-delivery reservations cannot be withdrawn; a decline of the stage ends withdrawing too', async () => {
    const id = await issuedChain(database, people, { subsequentCarriers: undefined });
    await approve('carrier', id, { action: 'COLLECTION', ownRole: 'CARRIER' });
    await approve('consignor', id, { action: 'COLLECTION', ownRole: 'CONSIGNOR' });
    const atDelivery = await reserve('consignee', id, 'DELIVERY', 'Pallet 3 broken');
    await approve('consignee', id, { action: 'DELIVERY', ownRole: 'CONSIGNEE', declined: true, remarks: 'Not like this' });
    expect(await refusal(withdraw('consignee', id, atDelivery))).toEqual(['4.60']);
    await approve('carrier', id, { action: 'DELIVERY', ownRole: 'CARRIER' });
    await approve('consignee', id, { action: 'DELIVERY', ownRole: 'CONSIGNEE' });
    const afterwards = await reserve('consignee', id, 'AFTER_DELIVERY', 'Hidden damage');
    expect(await refusal(withdraw('consignee', id, afterwards))).toEqual(['4.60']);
  });

  it('paper replaces the note only by the submitter or the carrier side holding the cargo', async () => {
    const replace = async (party: Party, id: string) =>
      replaceByPaper({
        ctx: as(database, people, party),
        input: { freightDocumentId: id, body: { reason: 'Tablet failed', previousCommits: await heads(database, people, id) } },
      });
    const id = await issuedChain(database, people);
    // Subsequent carriers that never held the cargo (issue 32: one replaced the note and froze it).
    expect(await refusal(replace('first', id))).toEqual(['1.4']);
    await approve('carrier', id, { action: 'COLLECTION', ownRole: 'CARRIER' });
    await approve('consignor', id, { action: 'COLLECTION', ownRole: 'CONSIGNOR' });
    expect(await refusal(replace('second', id))).toEqual(['1.4']);
    expect((await read(id)).allowedActions).toContain('REPLACE_BY_PAPER');
    const replaced = await replace('carrier', id);
    expect(replaced.replacedByPaper).toMatchObject({ byRole: 'CARRIER', reason: 'Tablet failed' });
    const other = await issuedChain(database, people);
    expect((await replace('submitter', other)).replacedByPaper).toMatchObject({ byRole: 'SUBMITTER' });
  });
});
