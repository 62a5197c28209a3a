/**
 * The commit writer and the chain it leaves (contract §6, issue 6): every commit id and every v2 content hash
 * recomputes from what is stored, tampering is named at the commit it breaks, status changes write exactly
 * one event each, and moves outside the state machine are 4.29.
 */
import crypto from 'node:crypto';
import canonicalize from 'canonicalize';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accounts,
  attachments,
  documentChainChecks,
  documentComments,
  documentCommits,
  documentEvents,
  documentRoles,
  documentSnapshots,
  freightDocuments,
} from '@/server/db/schema';
import { checkDocumentChain } from '@/server/services/document/check-document-chain';
import { addComment } from '@/server/services/transfers/add-comment';
import { queryRows } from '@/server/db/rows';
import { ServiceError } from '@/server/errors';
import type { ServiceContext } from '@/server/services/context';
import { addAttachment } from '@/server/services/freight-documents/add-attachment';
import { writeCommit } from '@/server/services/document/commit-writer';
import { createFreightDocument } from '@/server/services/freight-documents/create-freight-document';
import { getFreightDocument } from '@/server/services/freight-documents/get-freight-document';
import { issueFreightDocument } from '@/server/services/freight-documents/issue-freight-document';
import { replaceFreightDocument } from '@/server/services/freight-documents/replace-freight-document';
import { updateEstimatedTimes } from '@/server/services/freight-documents/update-estimated-times';
import { loadAttachmentDigests } from '@/server/services/document/attachment-columns';
import { hashSnapshot, NO_TRANSFER_RECORDS, snapshotOf } from '@/server/services/document/snapshot';
import { getCommit } from '@/server/services/freight-documents/get-commit';
import { HASH_VERSION } from '@/lib/chain/formula';
import { verifyCommitChain } from '@/server/services/document/verify-commit-chain';
import { digestOfStreamOrMissing } from '@/server/blobs/read';
import { getAttachment } from '@/server/services/freight-documents/get-attachment';
import {
  activeAccount,
  blobsOf,
  blobStoreCases,
  closeTestS3Server,
  openTestDatabaseWithBlobs,
  serviceContext,
  tamperWithBlob,
  type TestDatabase,
} from './harness';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const sha256 = (value: string | Buffer) => crypto.createHash('sha256').update(value).digest('hex');

const body = (overrides: Record<string, unknown> = {}) => ({
  type: 'WAYBILL',
  consignor: { name: 'Acme' },
  consignee: { name: 'Beta' },
  placeOfTakingOver: { name: 'Dock 4', countryCode: 'NLD' },
  goods: 'Pallets',
  attachments: [{ type: 'GOODS', originalFileName: 'list.pdf', content: PDF.toString('base64') }],
  ...overrides,
});

afterAll(closeTestS3Server);

describe.each(blobStoreCases())('the commit chain ($kind, $store blob store)', ({ kind, store }) => {
  let database: TestDatabase;
  let ctx: ServiceContext;

  beforeAll(async () => {
    database = await openTestDatabaseWithBlobs(kind, store);
    const base = serviceContext(database.handle);
    const submitter = await activeAccount(base, 'Submitter');
    ctx = serviceContext(database.handle, {}, submitter.accountId);
  }, 120_000);
  afterAll(async () => database?.dispose());

  /** A document with five commits: creation with a PDF, a PUT that adds a PNG, an added PDF, issue, estimated times. */
  async function documentWithHistory(extraPdf = PDF) {
    const { freightDocumentId } = await createFreightDocument({ ctx, input: body() });
    const created = await getFreightDocument({ ctx, input: { freightDocumentId } });
    await replaceFreightDocument({
      ctx,
      input: {
        freightDocumentId,
        body: {
          ...created,
          goods: 'Pallets of pears',
          attachments: [...created.attachments!, { type: 'GENERAL', originalFileName: 'photo.png', content: PNG.toString('base64') }],
        },
      },
    });
    const { attachmentId } = await addAttachment({
      ctx,
      input: { freightDocumentId, body: { type: 'GENERAL', originalFileName: 'extra.pdf', content: extraPdf.toString('base64') } },
    });
    const issued = await issueFreightDocument({ ctx, input: { freightDocumentId } });
    await updateEstimatedTimes({
      ctx,
      input: { freightDocumentId, body: { estimatedDateTimeOfDelivery: '2026-12-24T10:00:00Z', previousCommits: issued.previousCommits } },
    });
    return { freightDocumentId, addedAttachmentId: attachmentId };
  }

  const commitsOf = (documentId: string) =>
    database.handle.db.select().from(documentCommits).where(eq(documentCommits.documentId, documentId)).orderBy(asc(documentCommits.sequence));

  /** A commit as an older hash version wrote it, after `parent`: the same id formula over its fields, no writer involved. */
  async function insertLegacyCommit(input: {
    freightDocumentId: string;
    parent: { id: string; accountId: string | null };
    changeType: string;
    hashVersion: number;
    contentHash: string;
    at: string;
  }) {
    const fields = {
      freightDocumentId: input.freightDocumentId,
      changeType: input.changeType,
      accountId: input.parent.accountId,
      newFreightDocumentStatus: null,
      previousCommits: [input.parent.id],
      createDateTimeClient: null,
      createDateTimeServer: input.at,
      contentHash: input.contentHash,
    };
    const id = sha256(canonicalize(fields)!);
    await database.handle.db.insert(documentCommits).values({
      id,
      documentId: input.freightDocumentId,
      sequence: 2,
      changeType: input.changeType,
      accountId: input.parent.accountId,
      actor: { kind: 'ACCOUNT', accountId: input.parent.accountId },
      hashVersion: input.hashVersion,
      newStatus: null,
      previousCommits: [input.parent.id],
      contentHash: input.contentHash,
      createDateTimeServer: new Date(input.at),
    });
    return id;
  }

  it('recomputes every commit id, content hash, part and records root from what the commit endpoint serves', async () => {
    const { freightDocumentId } = await documentWithHistory();
    const commits = await commitsOf(freightDocumentId);
    expect(commits.map((commit) => commit.changeType)).toEqual(['CREATE', 'UPDATE', 'ATTACHMENT', 'ISSUE', 'ESTIMATED_TIMES']);
    const document = await getFreightDocument({ ctx, input: { freightDocumentId } });
    const served = new Map<string, { root: string; parts: Record<string, string> }>();
    for (const [index, commit] of commits.entries()) {
      // The id: the canonical update entry exactly as the API shows it (contract §6), every hashed field in it.
      const update = document.updates![index]!;
      expect(update.accountId).toBe(update.account?.accountId ?? null);
      const fields = {
        freightDocumentId: update.freightDocumentId,
        changeType: update.changeType,
        accountId: update.accountId,
        newFreightDocumentStatus: update.newFreightDocumentStatus,
        previousCommits: [...update.previousCommits].sort(),
        createDateTimeClient: update.createDateTimeClient,
        createDateTimeServer: update.createDateTimeServer,
        contentHash: update.contentHash,
      };
      expect(sha256(canonicalize(fields)!)).toBe(commit.id);
      // The content, exactly as hashed; the parts it names first served with it; the records root folded from the parents'.
      const answer = await getCommit({ ctx, input: { freightDocumentId, commitId: commit.id } });
      expect(answer).toMatchObject({ commitId: commit.id, changeType: commit.changeType, contentHash: commit.contentHash, hashVersion: HASH_VERSION });
      expect(sha256(canonicalize(answer.content)!)).toBe(commit.contentHash);
      const content = answer.content as { parts: Record<string, string>; records: string };
      const parents = update.previousCommits.map((parent) => served.get(parent)!);
      expect(content.records).toBe(sha256(canonicalize({ parents: parents.map((parent) => parent.root).sort(), records: [] })!));
      for (const entry of answer.addedRecords) {
        expect(entry.kind).toBe('PART');
        expect(sha256(canonicalize(entry.record)!)).toBe(entry.digest);
        expect(content.parts[(entry as { part: string }).part]).toBe(entry.digest);
      }
      for (const [part, digest] of Object.entries(content.parts)) {
        const introduced = answer.addedRecords.some((entry) => entry.digest === digest);
        expect(introduced || parents.some((parent) => parent.parts[part] === digest)).toBe(true);
      }
      served.set(commit.id, { root: content.records, parts: content.parts });
    }
    // The attachments part names each attachment's bytes; the creation introduces every part, the estimate none.
    const attachmentsOfCommit = async (commitId: string) =>
      ((await getCommit({ ctx, input: { freightDocumentId, commitId } })).addedRecords.find((entry) => 'part' in entry && entry.part === 'attachments')
        ?.record ?? null) as { attachmentId: string; sha256: string }[] | null;
    expect((await attachmentsOfCommit(commits[0]!.id))!.length).toBe(1);
    expect((await attachmentsOfCommit(commits[2]!.id))!.length).toBe(3);
    for (const file of (await attachmentsOfCommit(commits[2]!.id))!) {
      // The database keeps the digest; the bytes are the store's blob of that name.
      const [stored] = await database.handle.db.select({ content: attachments.content }).from(attachments).where(eq(attachments.id, file.attachmentId));
      expect(stored!.content).toBeNull();
      expect(await digestOfStreamOrMissing(await blobsOf(database.handle).get(file.sha256))).toBe(file.sha256);
    }
    expect((await getCommit({ ctx, input: { freightDocumentId, commitId: commits[4]!.id } })).addedRecords).toEqual([]);
    expect(await verifyCommitChain(database.handle.db, freightDocumentId, blobsOf(database.handle))).toMatchObject({
      intact: true,
      commits: 5,
      verifiedContent: 5,
    });
  });

  it('serves a commit to whoever may read the document only: an unknown commit is 4.1, another document 4.47', async () => {
    const { freightDocumentId } = await documentWithHistory();
    await expect(getCommit({ ctx, input: { freightDocumentId, commitId: 'f'.repeat(64) } })).rejects.toSatisfy(
      (error) => error instanceof ServiceError && error.code === '4.1',
    );
    const stranger = serviceContext(database.handle, {}, (await activeAccount(serviceContext(database.handle), 'Stranger')).accountId);
    const [first] = await commitsOf(freightDocumentId);
    await expect(getCommit({ ctx: stranger, input: { freightDocumentId, commitId: first!.id } })).rejects.toSatisfy(
      (error) => error instanceof ServiceError && error.code === '4.47',
    );
  });

  it('names the attachment whose blob was changed in the store, and reading it whole is 5.0', async () => {
    // Bytes of its own: a blob is shared by every attachment with the same bytes, and only this one is to break.
    const { freightDocumentId, addedAttachmentId } = await documentWithHistory(Buffer.concat([PDF, Buffer.from(`%${crypto.randomUUID()}\n`)]));
    const commits = await commitsOf(freightDocumentId);
    const [row] = await database.handle.db.select({ sha256: attachments.sha256 }).from(attachments).where(eq(attachments.id, addedAttachmentId));
    await tamperWithBlob(blobsOf(database.handle), row!.sha256, Buffer.concat([PDF, Buffer.from('%tampered\n')]));
    expect(await verifyCommitChain(database.handle.db, freightDocumentId, blobsOf(database.handle))).toMatchObject({
      intact: false,
      reason: 'ATTACHMENT',
      commitId: commits[2]!.id,
      detail: addedAttachmentId,
    });
    const { content } = await getAttachment({ ctx, input: { attachmentId: addedAttachmentId } });
    const refused = await content.bytes().then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(ServiceError);
    expect((refused as ServiceError).items.map((item) => item.code)).toEqual(['5.0']);
    // A range read trusts the digest checked when the bytes were written.
    expect((await content.range({ start: 0, end: 3 })).readableEnded).toBe(false);
  });

  it('names the commit that first recorded an attachment whose bytes were changed in the database', async () => {
    const { freightDocumentId, addedAttachmentId } = await documentWithHistory();
    const commits = await commitsOf(freightDocumentId);
    await database.handle.db
      .update(attachments)
      .set({ content: Buffer.concat([PDF, Buffer.from('%tampered\n')]) })
      .where(eq(attachments.id, addedAttachmentId));
    expect(await verifyCommitChain(database.handle.db, freightDocumentId, blobsOf(database.handle))).toMatchObject({
      intact: false,
      reason: 'ATTACHMENT',
      commitId: commits[2]!.id,
      sequence: 3,
      detail: addedAttachmentId,
    });
  });

  it('names the latest commit when the stored document no longer matches it, and a commit whose fields were altered', async () => {
    const { freightDocumentId } = await documentWithHistory();
    const commits = await commitsOf(freightDocumentId);
    await database.handle.db
      .update(freightDocuments)
      .set({ content: sql`jsonb_set(${freightDocuments.content}, '{goods}', '"Gold bars"')` })
      .where(eq(freightDocuments.id, freightDocumentId));
    expect(await verifyCommitChain(database.handle.db, freightDocumentId, blobsOf(database.handle))).toMatchObject({
      intact: false,
      reason: 'CURRENT_STATE',
      commitId: commits[4]!.id,
    });

    await database.handle.db.update(documentCommits).set({ newStatus: null }).where(eq(documentCommits.id, commits[3]!.id));
    expect(await verifyCommitChain(database.handle.db, freightDocumentId, blobsOf(database.handle))).toMatchObject({
      intact: false,
      reason: 'COMMIT_ID',
      commitId: commits[3]!.id,
    });
  });

  it('still verifies commits written before snapshots were kept (hash version 1) by id and parents', async () => {
    const { freightDocumentId } = await createFreightDocument({ ctx, input: body({ attachments: [] }) });
    const [first] = await commitsOf(freightDocumentId);
    // A commit as the first version wrote it: same id formula, a content hash with no snapshot behind it.
    await insertLegacyCommit({
      freightDocumentId,
      parent: first!,
      changeType: 'UPDATE',
      hashVersion: 1,
      contentHash: sha256('legacy content'),
      at: '2026-11-20T10:00:00.000Z',
    });
    expect(await verifyCommitChain(database.handle.db, freightDocumentId, blobsOf(database.handle))).toEqual({ intact: true, commits: 2, verifiedContent: 1 });
  });

  it('still verifies a document whose latest commit kept a version 2 snapshot (before transfers were in it)', async () => {
    const { freightDocumentId } = await createFreightDocument({ ctx, input: body({ attachments: [] }) });
    const [first] = await commitsOf(freightDocumentId);
    const [document] = await database.handle.db.select().from(freightDocuments).where(eq(freightDocuments.id, freightDocumentId));
    const roles = await database.handle.db.select().from(documentRoles).where(eq(documentRoles.documentId, freightDocumentId));
    // The snapshot as version 2 wrote it: no transfers part.
    const snapshot = snapshotOf(document!, roles, await loadAttachmentDigests(database.handle.db, freightDocumentId), NO_TRANSFER_RECORDS, 2);
    expect(snapshot).not.toHaveProperty('transfers');
    const contentHash = hashSnapshot(snapshot);
    await database.handle.db.insert(documentSnapshots).values({ contentHash, body: snapshot }).onConflictDoNothing();
    await insertLegacyCommit({ freightDocumentId, parent: first!, changeType: 'UPDATE', hashVersion: 2, contentHash, at: '2026-11-22T10:00:00.000Z' });
    expect(await verifyCommitChain(database.handle.db, freightDocumentId, blobsOf(database.handle))).toEqual({ intact: true, commits: 2, verifiedContent: 2 });
  });

  it('continues a chain begun before version 5: the first version 5 commit folds the older records into its root', async () => {
    const submitterNumber = (await database.handle.db.select({ n: accounts.accountNumber }).from(accounts).where(eq(accounts.id, ctx.caller!.accountId)))[0]!.n;
    const { freightDocumentId } = await createFreightDocument({
      ctx,
      input: body({ attachments: [], status: 'ISSUED', carrier: { name: 'Own Trucks', submittedAccountNumber: submitterNumber } }),
    });
    const [first] = await commitsOf(freightDocumentId);
    const [document] = await database.handle.db.select().from(freightDocuments).where(eq(freightDocuments.id, freightDocumentId));
    const roles = await database.handle.db.select().from(documentRoles).where(eq(documentRoles.documentId, freightDocumentId));
    const carrierRole = roles.find((role) => role.role === 'CARRIER')!;
    // A comment as version 4 recorded it: embedded in its commit's whole snapshot.
    const comment = {
      id: crypto.randomUUID(),
      documentId: freightDocumentId,
      commitId: null,
      text: 'Recorded before version 5',
      role: 'CARRIER' as const,
      roleId: carrierRole.id,
      accountId: ctx.caller!.accountId,
      submittedByAccountId: ctx.caller!.accountId,
      attachmentIds: [],
      clientMeta: null,
      reservation: null,
    };
    const snapshot = snapshotOf(
      document!,
      roles,
      await loadAttachmentDigests(database.handle.db, freightDocumentId),
      { ...NO_TRANSFER_RECORDS, comments: [comment] },
      4,
    );
    const contentHash = hashSnapshot(snapshot);
    await database.handle.db.insert(documentSnapshots).values({ contentHash, body: snapshot });
    const legacyId = await insertLegacyCommit({
      freightDocumentId,
      parent: first!,
      changeType: 'COMMENT',
      hashVersion: 4,
      contentHash,
      at: '2026-11-24T10:00:00.000Z',
    });
    await database.handle.db.insert(documentComments).values({ ...comment, commitId: legacyId });
    // Before version 5 no commit kept a root.
    await database.handle.db.update(documentCommits).set({ recordsRoot: null }).where(eq(documentCommits.documentId, freightDocumentId));
    await database.handle.db
      .update(freightDocuments)
      .set({ headCommits: [legacyId] })
      .where(eq(freightDocuments.id, freightDocumentId));
    expect(await verifyCommitChain(database.handle.db, freightDocumentId, blobsOf(database.handle))).toEqual({ intact: true, commits: 2, verifiedContent: 2 });

    const { commitId } = await addComment({ ctx, input: { freightDocumentId, body: { text: 'After version 5', previousCommits: [legacyId] } } });
    const legacy = await getCommit({ ctx, input: { freightDocumentId, commitId: legacyId } });
    expect(legacy).toMatchObject({ hashVersion: 4, content: snapshot });
    expect(legacy.addedRecords.map((entry) => entry.kind)).toEqual(['COMMENT']);
    const latest = await getCommit({ ctx, input: { freightDocumentId, commitId } });
    const rootOf = (parents: string[], records: string[]) => sha256(canonicalize({ parents: [...parents].sort(), records: [...records].sort() })!);
    const firstRoot = rootOf([], []);
    const legacyRoot = rootOf([firstRoot], [legacy.addedRecords[0]!.digest]);
    expect((latest.content as { records: string }).records).toBe(rootOf([legacyRoot], [latest.addedRecords.find((entry) => entry.kind === 'COMMENT')!.digest]));
    expect(await verifyCommitChain(database.handle.db, freightDocumentId, blobsOf(database.handle))).toEqual({ intact: true, commits: 3, verifiedContent: 3 });

    // The page's check: kept per head, then only the commits after it; the same answer as a check from the start.
    expect(await checkDocumentChain(database.handle.db, freightDocumentId, blobsOf(database.handle))).toEqual({ intact: true, commits: 3, verifiedContent: 3 });
    const more = await addComment({ ctx, input: { freightDocumentId, body: { text: 'One more', previousCommits: [commitId] } } });
    expect(await checkDocumentChain(database.handle.db, freightDocumentId, blobsOf(database.handle))).toEqual(
      await verifyCommitChain(database.handle.db, freightDocumentId, blobsOf(database.handle)),
    );
    const [kept] = await database.handle.db.select().from(documentChainChecks).where(eq(documentChainChecks.documentId, freightDocumentId));
    expect(kept).toMatchObject({ heads: [more.commitId], verifiedSequence: 4, result: { intact: true, commits: 4 } });

    // A comment's text changed in the database breaks the root of the commit that added it.
    await database.handle.db.update(documentComments).set({ text: 'Forged' }).where(eq(documentComments.commitId, more.commitId));
    expect(await verifyCommitChain(database.handle.db, freightDocumentId, blobsOf(database.handle))).toMatchObject({
      intact: false,
      reason: 'RECORD',
      commitId: more.commitId,
    });
  });

  it('the kept result holds while its commits are untouched: a changed commit row is found at once, other rows by the daily check', async () => {
    const { freightDocumentId } = await documentWithHistory();
    const commits = await commitsOf(freightDocumentId);
    expect(await checkDocumentChain(database.handle.db, freightDocumentId, blobsOf(database.handle))).toMatchObject({ intact: true, commits: 5 });
    // A commit row changed behind the service's back: the fingerprint differs, so the chain is checked from the start.
    await database.handle.db.update(documentCommits).set({ changeType: 'CREATE' }).where(eq(documentCommits.id, commits[1]!.id));
    expect(await checkDocumentChain(database.handle.db, freightDocumentId, blobsOf(database.handle))).toMatchObject({
      intact: false,
      reason: 'COMMIT_ID',
      commitId: commits[1]!.id,
    });
    await database.handle.db.update(documentCommits).set({ changeType: 'UPDATE' }).where(eq(documentCommits.id, commits[1]!.id));
    expect(await checkDocumentChain(database.handle.db, freightDocumentId, blobsOf(database.handle))).toMatchObject({ intact: true });

    // An attachment's bytes changed: the kept result answers until it is a day old, then a check from the start runs
    // in the background (the visit is answered from the kept result meanwhile) and keeps what it finds.
    const [file] = await database.handle.db.select().from(attachments).where(eq(attachments.documentId, freightDocumentId));
    await database.handle.db
      .update(attachments)
      .set({ content: Buffer.from('%PDF-1.4 forged') })
      .where(eq(attachments.id, file!.id));
    expect(await checkDocumentChain(database.handle.db, freightDocumentId, blobsOf(database.handle))).toMatchObject({ intact: true });
    await database.handle.db
      .update(documentChainChecks)
      .set({ fullCheckAt: new Date(Date.now() - 25 * 3600 * 1000) })
      .where(eq(documentChainChecks.documentId, freightDocumentId));
    expect(await checkDocumentChain(database.handle.db, freightDocumentId, blobsOf(database.handle))).toMatchObject({ intact: true });
    const deadline = Date.now() + 10_000;
    let kept: unknown;
    while (Date.now() < deadline) {
      [{ result: kept }] = (await database.handle.db
        .select({ result: documentChainChecks.result })
        .from(documentChainChecks)
        .where(eq(documentChainChecks.documentId, freightDocumentId))) as [{ result: unknown }];
      if ((kept as { intact: boolean }).intact === false) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(kept).toMatchObject({ intact: false, reason: 'ATTACHMENT', detail: file!.id });
    expect(await checkDocumentChain(database.handle.db, freightDocumentId, blobsOf(database.handle))).toMatchObject({ intact: false, reason: 'ATTACHMENT' });
  });

  it('writes exactly one event row per status change, in the commit of the change', async () => {
    const { freightDocumentId } = await documentWithHistory();
    const events = await database.handle.db
      .select()
      .from(documentEvents)
      .where(eq(documentEvents.documentId, freightDocumentId))
      .orderBy(asc(documentEvents.id));
    const commits = await commitsOf(freightDocumentId);
    expect(events.map((event) => [event.type, event.status, event.commitId])).toEqual([
      ['STATUS_CHANGED', 'DRAFT', commits[0]!.id],
      ['STATUS_CHANGED', 'ISSUED', commits[3]!.id],
    ]);
  });

  it('refuses a move the state machine does not allow (4.29) and writes nothing', async () => {
    const { freightDocumentId } = await createFreightDocument({ ctx, input: body({ attachments: [], status: 'ISSUED' }) });
    const before = await commitsOf(freightDocumentId);
    const attempt = database.handle.db.transaction(async (tx) => {
      const [document] = await tx.select().from(freightDocuments).where(eq(freightDocuments.id, freightDocumentId)).for('update');
      await writeCommit(tx, {
        document: document!,
        statusBefore: 'ISSUED',
        set: { status: 'DRAFT' },
        roles: [],
        changeType: 'UPDATE',
        actor: { kind: 'SYSTEM', reason: 'test' },
        serverTime: new Date(),
      });
    });
    await expect(attempt).rejects.toSatisfy((error) => error instanceof ServiceError && error.code === '4.29');
    expect(await commitsOf(freightDocumentId)).toEqual(before);
    const [{ n }] = (await queryRows<{ n: number }>(
      database.handle.db,
      sql`select count(*)::int as n from document_events where document_id = ${freightDocumentId}`,
    )) as [{ n: number }];
    expect(n).toBe(1);
  });
});
