/**
 * Cargo transfers in the services tier (issue 9): each path to DELIVERED, the custody chain, the secrets each
 * party sees, TFA codes computed as the two devices compute them, a delegate's approval, and the chain and
 * events they leave.
 */
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { challengeCode, contentHash, responseCode, responseCodeV1 } from '@/lib/domain/tfa';
import { freightDocumentResponse } from '@/lib/schemas/freight-document-response';
import { delegations, documentApprovals, documentCommits, documentEvents } from '@/server/db/schema';
import { newId } from '@/server/crypto/tokens';
import { ServiceError } from '@/server/errors';
import { getAttachment } from '@/server/services/freight-documents/get-attachment';
import { getFreightDocument } from '@/server/services/freight-documents/get-freight-document';
import { verifyCommitChain } from '@/server/services/document/verify-commit-chain';
import { addComment } from '@/server/services/transfers/add-comment';
import { submitCounterpartyApproval } from '@/server/services/transfers/submit-counterparty-approval';
import { submitMyApproval } from '@/server/services/transfers/submit-my-approval';
import { updateFreightDocumentStatus } from '@/server/services/transfers/update-status';
import { databaseKinds, openTestDatabase, type TestDatabase } from './harness';
import { accountSecretOf, as, createPeople, heads, issuedChain, type Party, type People } from './transfers-support';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof ServiceError)) throw new Error(`expected a ServiceError, got ${String(error)}`);
  return error.items.map(({ code, field }) => (field ? { code, field } : { code }));
}

describe.each(databaseKinds())('cargo transfers (%s)', (kind) => {
  let database: TestDatabase;
  let people: People;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    people = await createPeople(database);
  }, 180_000);
  afterAll(async () => database?.dispose());

  const read = (party: Party, freightDocumentId: string) => getFreightDocument({ ctx: as(database, people, party), input: { freightDocumentId } });
  const own = async (party: Party, freightDocumentId: string, body: Record<string, unknown>) =>
    submitMyApproval({
      ctx: as(database, people, party),
      input: { freightDocumentId, body: { previousCommits: await heads(database, people, freightDocumentId), ...body } as never },
    });
  const counterParty = async (party: Party, freightDocumentId: string, body: Record<string, unknown>) =>
    submitCounterpartyApproval({
      ctx: as(database, people, party),
      input: { freightDocumentId, body: { previousCommits: await heads(database, people, freightDocumentId), ...body } as never },
    });
  const events = async (freightDocumentId: string) =>
    (await database.handle.db.select().from(documentEvents).where(eq(documentEvents.documentId, freightDocumentId)).orderBy(asc(documentEvents.id))).map(
      (event) => event.status,
    );

  it('own approvals take a document through two subsequent carriers to DELIVERED, one status move per transfer', async () => {
    const id = await issuedChain(database, people);
    const issued = await read('carrier', id);
    const [first, second] = issued.subsequentCarriers.map((role) => role.roleId);
    expect(issued.custody).toBeNull();
    expect(issued.allowedActions).toEqual(expect.arrayContaining(['APPROVE_COLLECTION', 'RECORD_COUNTERPARTY_APPROVAL', 'UPDATE_STATUS', 'COMMENT']));

    const afterCarrier = await own('carrier', id, {
      action: 'COLLECTION',
      ownRole: 'CARRIER',
      place: 'Rotterdam',
      location: { latitude: 51.9, longitude: '4.48' },
    });
    expect(afterCarrier.status).toBe('ISSUED');
    expect(afterCarrier.allowedActions).not.toContain('APPROVE_COLLECTION');
    expect(await refusal(own('carrier', id, { action: 'COLLECTION', ownRole: 'CARRIER' }))).toEqual([{ code: '4.18' }]);
    const collected = await own('consignor', id, { action: 'COLLECTION', ownRole: 'CONSIGNOR' });
    expect(collected.status).toBe('TRANSIT');
    expect(collected.custody).toEqual({ roleId: issued.carrier!.roleId, role: 'CARRIER' });
    expect(collected.approvals).toMatchObject([
      {
        type: 'OWN',
        action: 'COLLECTION',
        side: 'CARRIER',
        role: 'CARRIER',
        place: 'Rotterdam',
        location: { latitude: '51.9', longitude: '4.48' },
        declined: false,
      },
      { type: 'OWN', action: 'COLLECTION', side: 'COUNTER_PARTY', role: 'CONSIGNOR', account: { accountId: people.consignor.accountId } },
    ]);

    // Two subsequent carriers could receive: the approval must name one.
    expect(await refusal(own('carrier', id, { action: 'CARRIER_TO_CARRIER', ownRole: 'CARRIER' }))).toEqual([{ code: '3.1', field: 'counterPartyRoleId' }]);
    expect(await refusal(own('carrier', id, { action: 'CARRIER_TO_CARRIER', ownRole: 'CARRIER', counterPartyRoleId: newId() }))).toEqual([
      { code: '4.1', field: 'counterPartyRoleId' },
    ]);
    await own('carrier', id, { action: 'CARRIER_TO_CARRIER', ownRole: 'CARRIER', counterPartyRoleId: first });
    const handedOver = await own('first', id, { action: 'CARRIER_TO_CARRIER', ownRole: 'SUBSEQUENT_CARRIER', counterPartyRoleId: first });
    expect(handedOver.custody).toEqual({ roleId: first, role: 'SUBSEQUENT_CARRIER' });
    // The carrier no longer holds the cargo: it hands nothing over any more.
    expect(await refusal(own('carrier', id, { action: 'DELIVERY', ownRole: 'CARRIER' }))).toEqual([{ code: '1.4' }]);
    expect((await read('carrier', id)).allowedActions).not.toContain('APPROVE_DELIVERY');

    // One subsequent carrier is left to receive: no need to name it.
    await own('first', id, { action: 'CARRIER_TO_CARRIER', ownRole: 'SUBSEQUENT_CARRIER' });
    await own('second', id, { action: 'CARRIER_TO_CARRIER', ownRole: 'SUBSEQUENT_CARRIER' });
    expect((await read('second', id)).custody).toEqual({ roleId: second, role: 'SUBSEQUENT_CARRIER' });

    const declined = await own('consignee', id, { action: 'DELIVERY', ownRole: 'CONSIGNEE', declined: true, remarks: 'Two pallets broken' });
    expect(declined.status).toBe('TRANSIT');
    await own('second', id, { action: 'DELIVERY', ownRole: 'SUBSEQUENT_CARRIER' });
    expect((await read('second', id)).status).toBe('TRANSIT');
    const delivered = await own('consignee', id, { action: 'DELIVERY', ownRole: 'CONSIGNEE', remarks: 'Accepted with remarks' });
    expect(delivered.status).toBe('DELIVERED');
    expect(delivered.custody).toBeNull();
    expect(delivered.approvals!.filter((approval) => approval.declined)).toMatchObject([{ role: 'CONSIGNEE', remarks: 'Two pallets broken' }]);
    expect(await events(id)).toEqual(['ISSUED', 'TRANSIT', 'DELIVERED']);
    expect(await verifyCommitChain(database.handle.db, id)).toMatchObject({ intact: true });
    // The response schemas tRPC declares as its output (and OpenAPI will publish) describe what the service answers.
    expect(freightDocumentResponse.strict().parse(delivered)).toEqual(delivered);
    // Every approval names the commit that recorded it, and that commit's parents.
    const commits = await database.handle.db.select().from(documentCommits).where(eq(documentCommits.documentId, id));
    for (const approval of delivered.approvals!) {
      const commit = commits.find((candidate) => candidate.id === approval.commitId)!;
      expect(commit.changeType).toBe('APPROVAL');
      expect(approval.previousCommits).toEqual(commit.previousCommits);
    }
    // An approval moved to another commit in the database breaks the records root of the commit that added it (a root
    // cannot say which record is missing, so no detail).
    const [firstApproval, secondApproval] = delivered.approvals!;
    await database.handle.db.update(documentApprovals).set({ commitId: secondApproval!.commitId }).where(eq(documentApprovals.id, firstApproval!.approvalId));
    expect(await verifyCommitChain(database.handle.db, id)).toMatchObject({
      intact: false,
      reason: 'RECORD',
      commitId: firstApproval!.commitId,
    });
  });

  it('shows each party only the secrets of its transfers', async () => {
    const id = await issuedChain(database, people);
    const carrier = await read('carrier', id);
    const [first, second] = carrier.subsequentCarriers.map((role) => role.roleId);
    expect(carrier.collectionSecrets).toEqual({
      s1: expect.stringMatching(/^\d{4}$/),
      s2: expect.stringMatching(/^\d{3}$/),
      s3: expect.stringMatching(/^\d{3}$/),
    });
    expect(carrier.deliverySecrets).toEqual({ s1: expect.any(String), s2: expect.any(String), s3: expect.any(String) });
    // Before the collection the carrier will hand over to either subsequent carrier: it sees both in full.
    expect(carrier.carrierToCarrierSecrets).toHaveLength(2);
    for (const roleId of [first, second]) {
      expect(carrier.carrierToCarrierSecrets).toContainEqual({ roleId, s1: expect.any(String), s2: expect.any(String), s3: expect.any(String) });
    }
    const consignor = await read('consignor', id);
    expect(consignor.collectionSecrets).toEqual({ s2: carrier.collectionSecrets!.s2, s3: carrier.collectionSecrets!.s3 });
    expect(consignor.deliverySecrets).toBeUndefined();
    expect(consignor.carrierToCarrierSecrets).toBeUndefined();
    const consignee = await read('consignee', id);
    expect(consignee.deliverySecrets).toEqual({ s2: carrier.deliverySecrets!.s2, s3: carrier.deliverySecrets!.s3 });
    expect(consignee.collectionSecrets).toBeUndefined();
    const relay = await read('first', id);
    expect(relay.carrierToCarrierSecrets).toEqual([{ roleId: first, s2: expect.any(String), s3: expect.any(String) }]);
    expect(relay.collectionSecrets).toBeUndefined();
    expect(relay.deliverySecrets).toBeUndefined();
    const submitter = await read('submitter', id);
    for (const field of ['collectionSecrets', 'deliverySecrets', 'carrierToCarrierSecrets'] as const) expect(submitter[field]).toBeUndefined();
  });

  it('TFA with comments: the codes the two devices compute are accepted, a wrong one is 3.6', async () => {
    const id = await issuedChain(database, people);
    const texts = ['Damaged pallet', 'All good'];
    for (const text of texts) {
      await addComment({
        ctx: as(database, people, 'carrier'),
        input: { freightDocumentId: id, body: { text, previousCommits: await heads(database, people, id) } },
      });
    }
    const carrierView = await read('carrier', id);
    const { s1, s3 } = carrierView.collectionSecrets!;
    // The carrier's device: the challenge over the comments it shows.
    const challenge = challengeCode({
      contentHash: contentHash(
        carrierView.comments!.map((comment) => comment.text ?? ''),
        carrierView.serviceNumber,
      ),
      serviceNumber: carrierView.serviceNumber,
      s1: s1!,
      s3,
    });
    // The consignor's device: the response with its own secret and the s2 it sees.
    const consignorView = await read('consignor', id);
    const code = responseCode({
      challenge,
      action: 'COLLECTION',
      accountNumber: people.consignor.accountNumber,
      s2: consignorView.collectionSecrets!.s2,
      accountSecret: await accountSecretOf(as(database, people, 'consignor'), people.consignor.accountId),
    });
    const wrong = `${code.slice(0, 20)}${(Number(code[20]) + 1) % 10}${code.slice(21)}`;
    expect(await refusal(counterParty('carrier', id, { action: 'COLLECTION', evidence: { responseCode: wrong } }))).toEqual([
      { code: '3.6', field: 'evidence.responseCode' },
    ]);
    // A version 1 code (the commercial service's) is refused unless the operator allows it.
    const v1 = responseCodeV1({
      challenge,
      serviceNumber: consignorView.serviceNumber,
      accountNumber: people.consignor.accountNumber,
      s2: consignorView.collectionSecrets!.s2,
      accountSecret: await accountSecretOf(as(database, people, 'consignor'), people.consignor.accountId),
    });
    expect(await refusal(counterParty('carrier', id, { action: 'COLLECTION', evidence: { responseCode: v1 } }))).toEqual([
      { code: '3.6', field: 'evidence.responseCode' },
    ]);
    // Only the carrier side records a counter party's approval.
    expect(await refusal(counterParty('consignor', id, { action: 'COLLECTION', evidence: { responseCode: code } }))).toEqual([{ code: '1.4' }]);
    // The consignee holds no role of the collection: its own valid code is refused like a wrong one.
    const consigneeCode = responseCode({
      challenge,
      action: 'COLLECTION',
      accountNumber: people.consignee.accountNumber,
      s2: consignorView.collectionSecrets!.s2,
      accountSecret: await accountSecretOf(as(database, people, 'consignee'), people.consignee.accountId),
    });
    expect(await refusal(counterParty('carrier', id, { action: 'COLLECTION', evidence: { responseCode: consigneeCode } }))).toEqual([
      { code: '3.6', field: 'evidence.responseCode' },
    ]);
    const approved = await counterParty('carrier', id, { action: 'COLLECTION', evidence: { responseCode: code } });
    expect(approved.approvals).toMatchObject([
      {
        type: 'TFA',
        side: 'COUNTER_PARTY',
        role: 'CONSIGNOR',
        account: { accountId: people.consignor.accountId },
        submittedBy: { accountId: people.carrier.accountId },
      },
    ]);
    expect(approved.status).toBe('ISSUED');
    const moved = await own('carrier', id, { action: 'COLLECTION', ownRole: 'CARRIER' });
    expect(moved.status).toBe('TRANSIT');
    expect(freightDocumentResponse.strict().parse(moved)).toEqual(moved);
  });

  it('sign-on-glass and implicit approvals: the signer and the implicit approval are the commits’ actors', async () => {
    const id = await issuedChain(database, people, { subsequentCarriers: undefined });
    await counterParty('carrier', id, { action: 'COLLECTION' });
    await own('carrier', id, { action: 'COLLECTION', ownRole: 'CARRIER' });
    expect(await refusal(counterParty('carrier', id, { action: 'DELIVERY', evidence: { signedOnGlassBy: { name: 'Bea' } } }))).toEqual([
      { code: '3.1', field: 'evidence.attachments' },
    ]);
    const signed = await counterParty('carrier', id, {
      action: 'DELIVERY',
      evidence: {
        signedOnGlassBy: { name: 'Bea Receiver', email: 'bea@example.test' },
        attachments: [{ content: PNG.toString('base64'), mimeType: 'image/png', name: 'sig.png', originalFileName: 'sig.png' }],
      },
    });
    const signature = signed.approvals!.find((approval) => approval.type === 'SIGN_ON_GLASS')!;
    expect(signature).toMatchObject({ role: 'CONSIGNEE', account: null, signedOnGlassBy: { name: 'Bea Receiver', email: 'bea@example.test' } });
    expect(signed.attachments).toContainEqual(
      expect.objectContaining({ attachmentId: signature.attachmentId, type: 'SIGNATURE', sealed: true, mimeType: 'image/png' }),
    );
    // Sealed: the consignee reads it, and so does the carrier that recorded it on its own device (its timeline shows it).
    expect(
      (await (await getAttachment({ ctx: as(database, people, 'consignee'), input: { attachmentId: signature.attachmentId! } })).content.bytes()).equals(PNG),
    ).toBe(true);
    expect(
      (await (await getAttachment({ ctx: as(database, people, 'carrier'), input: { attachmentId: signature.attachmentId! } })).content.bytes()).equals(PNG),
    ).toBe(true);
    const delivered = await own('carrier', id, { action: 'DELIVERY', ownRole: 'CARRIER' });
    expect(delivered.status).toBe('DELIVERED');
    expect(freightDocumentResponse.strict().parse(delivered)).toEqual(delivered);
    const actors = (
      await database.handle.db.select().from(documentCommits).where(eq(documentCommits.documentId, id)).orderBy(asc(documentCommits.sequence))
    ).map((commit) => commit.actor);
    expect(actors).toContainEqual({ kind: 'IMPLICIT', recordedByAccountId: people.carrier.accountId });
    expect(actors).toContainEqual({ kind: 'SIGNER', name: 'Bea Receiver', email: 'bea@example.test', recordedByAccountId: people.carrier.accountId });
    expect(await verifyCommitChain(database.handle.db, id)).toMatchObject({ intact: true });
  });

  it('explicit status updates: the carrier takes the cargo, its holder delivers; 4.16 and 4.29 otherwise', async () => {
    const id = await issuedChain(database, people);
    const update = async (party: Party, newFreightDocumentStatus: string) =>
      updateFreightDocumentStatus({
        ctx: as(database, people, party),
        input: { freightDocumentId: id, body: { newFreightDocumentStatus, previousCommits: await heads(database, people, id) } as never },
      });
    expect(await refusal(update('carrier', 'ISSUED'))).toEqual([{ code: '4.16', field: 'newFreightDocumentStatus' }]);
    expect(await refusal(update('carrier', 'DELIVERED'))).toEqual([{ code: '4.29', field: 'newFreightDocumentStatus' }]);
    expect(await refusal(update('first', 'TRANSIT'))).toEqual([{ code: '1.4' }]);
    expect(await refusal(update('consignor', 'TRANSIT'))).toEqual([{ code: '1.4' }]);
    expect((await update('carrier', 'TRANSIT')).custody).toMatchObject({ role: 'CARRIER' });
    expect(await refusal(update('carrier', 'CANCELLED'))).toEqual([{ code: '4.29', field: 'newFreightDocumentStatus' }]);
    expect((await update('carrier', 'DELIVERED')).status).toBe('DELIVERED');
    expect(await refusal(update('carrier', 'TRANSIT'))).toEqual([{ code: '4.29', field: 'newFreightDocumentStatus' }]);
    expect(await events(id)).toEqual(['ISSUED', 'TRANSIT', 'DELIVERED']);
  });

  it('comments: carrier side only, from issue until 14 days after delivery (4.12), dated from the delivering device', async () => {
    const id = await issuedChain(database, people, { subsequentCarriers: undefined });
    const comment = async (party: Party, now?: Date) => {
      const ctx = as(database, people, party);
      if (now) ctx.now = () => now;
      return addComment({ ctx, input: { freightDocumentId: id, body: { text: 'Seal intact', previousCommits: await heads(database, people, id) } } });
    };
    expect(await refusal(comment('consignor'))).toEqual([{ code: '1.4' }]);
    expect(await comment('carrier')).toEqual({ commentId: expect.any(String), commitId: expect.any(String) });
    await updateFreightDocumentStatus({
      ctx: as(database, people, 'carrier'),
      input: { freightDocumentId: id, body: { newFreightDocumentStatus: 'TRANSIT', previousCommits: await heads(database, people, id) } },
    });
    // Delivered, says the carrier's device, a second ago (never before the commits it names: contract §6).
    const deliveringCtx = as(database, people, 'carrier');
    deliveringCtx.now = () => new Date(Date.now() + 5_000);
    const delivered = await updateFreightDocumentStatus({
      ctx: deliveringCtx,
      input: {
        freightDocumentId: id,
        body: { newFreightDocumentStatus: 'DELIVERED', previousCommits: await heads(database, people, id), secondsSinceCreation: 1 },
      },
    });
    expect(Date.parse(delivered.updates!.at(-1)!.createDateTimeServer) - Date.parse(delivered.updates!.at(-1)!.createDateTimeClient!)).toBe(1_000);
    const deliveredAt = Date.parse(delivered.updates!.at(-1)!.createDateTimeClient!);
    const period = 14 * 24 * 3600 * 1000;
    expect(await comment('carrier', new Date(deliveredAt + period))).toEqual({ commentId: expect.any(String), commitId: expect.any(String) });
    expect(await refusal(comment('carrier', new Date(deliveredAt + period + 1)))).toEqual([{ code: '4.12' }]);
  });

  it('a delegate of the carrier approves for the carrier: the approval records the role, its holder and who submitted it', async () => {
    const id = await issuedChain(database, people);
    const carrierRoleId = (await read('carrier', id)).carrier!.roleId;
    const delegationId = newId();
    await database.handle.db.insert(delegations).values({
      id: delegationId,
      documentId: id,
      roleId: carrierRoleId,
      role: 'CARRIER',
      grantorAccountId: people.carrier.accountId,
      delegateAccountId: people.outsider.accountId,
    });
    const approved = await own('outsider', id, { action: 'COLLECTION', ownRole: 'CARRIER' });
    expect(approved.approvals).toMatchObject([
      { role: 'CARRIER', roleId: carrierRoleId, account: { accountId: people.carrier.accountId }, submittedBy: { accountId: people.outsider.accountId } },
    ]);
    const [latest] = (
      await database.handle.db.select().from(documentCommits).where(eq(documentCommits.documentId, id)).orderBy(asc(documentCommits.sequence))
    ).slice(-1);
    expect(latest!.actor).toEqual({ kind: 'DELEGATE', accountId: people.outsider.accountId, role: 'CARRIER', delegationId });
  });
});
