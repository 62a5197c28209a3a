/**
 * The commit writer and the chain it leaves (contract §6, issue 6): every commit id and every v2 content hash
 * recomputes from what is stored, tampering is named at the commit it breaks, status changes write exactly
 * one event each, and moves outside the state machine are 4.29.
 */
import crypto from 'node:crypto';
import canonicalize from 'canonicalize';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachments, documentCommits, documentEvents, documentRoles, documentSnapshots, freightDocuments } from '@/server/db/schema';
import { queryRows } from '@/server/db/rows';
import { ServiceError } from '@/server/errors';
import type { ServiceContext } from '@/server/services/context';
import { addAttachment } from '@/server/services/freight-documents/add-attachment';
import { writeCommit } from '@/server/services/freight-documents/commit-writer';
import { createFreightDocument } from '@/server/services/freight-documents/create-freight-document';
import { getFreightDocument } from '@/server/services/freight-documents/get-freight-document';
import { issueFreightDocument } from '@/server/services/freight-documents/issue-freight-document';
import { replaceFreightDocument } from '@/server/services/freight-documents/replace-freight-document';
import { updateEstimatedTimes } from '@/server/services/freight-documents/update-estimated-times';
import { loadAttachmentDigests } from '@/server/services/freight-documents/attachment-columns';
import { hashSnapshot, NO_TRANSFER_RECORDS, SNAPSHOT_VERSION, snapshotOf } from '@/server/services/freight-documents/snapshot';
import { verifyCommitChain } from '@/server/services/freight-documents/verify-commit-chain';
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

  it('recomputes every commit id and every content hash from the stored snapshots', async () => {
    const { freightDocumentId } = await documentWithHistory();
    const commits = await commitsOf(freightDocumentId);
    expect(commits.map((commit) => commit.changeType)).toEqual(['CREATE', 'UPDATE', 'ATTACHMENT', 'ISSUE', 'ESTIMATED_TIMES']);
    const document = await getFreightDocument({ ctx, input: { freightDocumentId } });
    for (const [index, commit] of commits.entries()) {
      // The id: the canonical update entry as the API shows it (contract §6).
      const update = document.updates![index]!;
      const fields = {
        freightDocumentId,
        changeType: update.changeType,
        accountId: update.account?.accountId ?? null,
        newFreightDocumentStatus: update.newFreightDocumentStatus,
        previousCommits: [...update.previousCommits].sort(),
        createDateTimeClient: update.createDateTimeClient,
        createDateTimeServer: update.createDateTimeServer,
        contentHash: update.contentHash,
      };
      expect(sha256(canonicalize(fields)!)).toBe(commit.id);
      // The content: the snapshot stored for the commit hashes to its contentHash and names each attachment's bytes.
      expect(commit.hashVersion).toBe(SNAPSHOT_VERSION);
      const [snapshot] = await database.handle.db.select().from(documentSnapshots).where(eq(documentSnapshots.contentHash, commit.contentHash));
      expect(sha256(canonicalize(snapshot!.body)!)).toBe(commit.contentHash);
      for (const file of (snapshot!.body as { attachments: { attachmentId: string; sha256: string }[] }).attachments) {
        // The database keeps the digest; the bytes are the store's blob of that name.
        const [stored] = await database.handle.db.select({ content: attachments.content }).from(attachments).where(eq(attachments.id, file.attachmentId));
        expect(stored!.content).toBeNull();
        expect(await digestOfStreamOrMissing(await blobsOf(database.handle).get(file.sha256))).toBe(file.sha256);
      }
    }
    const snapshots = await Promise.all(
      commits.map(
        async (commit) => (await database.handle.db.select().from(documentSnapshots).where(eq(documentSnapshots.contentHash, commit.contentHash)))[0]!.body,
      ),
    );
    expect(snapshots.map((snapshot) => (snapshot as { attachments: unknown[] }).attachments.length)).toEqual([1, 2, 3, 3, 3]);
    expect(snapshots.map((snapshot) => (snapshot as { status: string }).status)).toEqual(['DRAFT', 'DRAFT', 'DRAFT', 'ISSUED', 'ISSUED']);
    expect(await verifyCommitChain(database.handle.db, freightDocumentId, blobsOf(database.handle))).toEqual({ intact: true, commits: 5, verifiedContent: 5 });
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
    const fields = {
      freightDocumentId,
      changeType: 'UPDATE',
      accountId: first!.accountId,
      newFreightDocumentStatus: null,
      previousCommits: [first!.id],
      createDateTimeClient: null,
      createDateTimeServer: '2026-11-20T10:00:00.000Z',
      contentHash: sha256('legacy content'),
    };
    const legacyId = sha256(canonicalize(fields)!);
    await database.handle.db.insert(documentCommits).values({
      id: legacyId,
      documentId: freightDocumentId,
      sequence: 2,
      changeType: 'UPDATE',
      accountId: first!.accountId,
      actor: { kind: 'ACCOUNT', accountId: first!.accountId },
      hashVersion: 1,
      newStatus: null,
      previousCommits: [first!.id],
      contentHash: fields.contentHash,
      createDateTimeServer: new Date(fields.createDateTimeServer),
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
    const fields = {
      freightDocumentId,
      changeType: 'UPDATE',
      accountId: first!.accountId,
      newFreightDocumentStatus: null,
      previousCommits: [first!.id],
      createDateTimeClient: null,
      createDateTimeServer: '2026-11-22T10:00:00.000Z',
      contentHash,
    };
    await database.handle.db.insert(documentCommits).values({
      id: sha256(canonicalize(fields)!),
      documentId: freightDocumentId,
      sequence: 2,
      changeType: 'UPDATE',
      accountId: first!.accountId,
      actor: { kind: 'ACCOUNT', accountId: first!.accountId },
      hashVersion: 2,
      newStatus: null,
      previousCommits: [first!.id],
      contentHash,
      createDateTimeServer: new Date(fields.createDateTimeServer),
    });
    expect(await verifyCommitChain(database.handle.db, freightDocumentId, blobsOf(database.handle))).toEqual({ intact: true, commits: 2, verifiedContent: 2 });
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
