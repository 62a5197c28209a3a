/**
 * Issue 37: files live in a blob store keyed by their SHA-256 (local disk, or S3 through a real S3-protocol server),
 * the database keeps their metadata and digest; old bytes move out of the database with blobs:migrate; uploads no
 * attachment names are swept after 24 hours, and nothing any commit names ever is. Runs on both stores.
 */
import crypto from 'node:crypto';
import { eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlobDigestMismatch, type BlobStore } from '@/server/blobs';
import { digestOfStreamOrMissing } from '@/server/blobs/read';
import { attachments, blobUploads } from '@/server/db/schema';
import { ServiceError } from '@/server/errors';
import type { ServiceContext } from '@/server/services/context';
import { migrateAttachmentBlobs } from '@/server/services/blobs/migrate-attachment-blobs';
import { ORPHAN_AFTER_MS, sweepOrphanBlobs } from '@/server/services/blobs/sweep-orphan-blobs';
import { addAttachment } from '@/server/services/freight-documents/add-attachment';
import { createFreightDocument } from '@/server/services/freight-documents/create-freight-document';
import { getAttachment } from '@/server/services/freight-documents/get-attachment';
import { getFreightDocument } from '@/server/services/freight-documents/get-freight-document';
import { replaceFreightDocument } from '@/server/services/freight-documents/replace-freight-document';
import { verifyCommitChain } from '@/server/services/document/verify-commit-chain';
import { activeAccount, blobStoreCases, closeTestS3Server, openTestDatabaseWithBlobs, serviceContext, type TestDatabase } from './harness';

const pdf = (marker = crypto.randomUUID()) => Buffer.from(`%PDF-1.4\n% ${marker}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`);
const sha256 = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');
const once = (bytes: Buffer) =>
  (async function* () {
    yield bytes;
  })();
async function readAll(stream: AsyncIterable<unknown>) {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
async function refusalOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ServiceError);
  return (error as ServiceError).items.map((item) => item.code);
}

afterAll(closeTestS3Server);

describe.each(blobStoreCases())('blob store ($kind, $store)', ({ kind, store }) => {
  let database: TestDatabase & { blobs: BlobStore };
  let ctx: ServiceContext;

  beforeAll(async () => {
    database = await openTestDatabaseWithBlobs(kind, store);
    const submitter = await activeAccount(serviceContext(database.handle), 'Submitter');
    ctx = serviceContext(database.handle, {}, submitter.accountId);
  }, 120_000);
  afterAll(async () => database?.dispose());

  const draft = async (files: Buffer[] = []) =>
    (
      await createFreightDocument({
        ctx,
        input: {
          type: 'WAYBILL',
          consignor: { name: 'Acme' },
          consignee: { name: 'Beta' },
          placeOfTakingOver: { name: 'Dock 4', countryCode: 'NLD' },
          goods: 'Pallets',
          attachments: files.map((file, index) => ({ type: 'GOODS', originalFileName: `f${index}.pdf`, content: file.toString('base64') })),
        },
      })
    ).freightDocumentId;

  it('puts, gets (whole and a range), heads and deletes by digest; other bytes than expected are refused and nothing is kept', async () => {
    const bytes = crypto.randomBytes(200_000);
    const { digest, size } = await database.blobs.put(once(bytes));
    expect({ digest, size }).toEqual({ digest: sha256(bytes), size: bytes.length });
    expect((await readAll((await database.blobs.get(digest))!)).equals(bytes)).toBe(true);
    expect((await readAll((await database.blobs.get(digest, { start: 10, end: 19 }))!)).equals(bytes.subarray(10, 20))).toBe(true);
    expect((await database.blobs.head(digest))?.size).toBe(bytes.length);
    // The same bytes again: the blob is kept as it is.
    expect(await database.blobs.put(once(bytes))).toEqual({ digest, size });

    const other = crypto.randomBytes(1000);
    await expect(database.blobs.put(once(other), { expectedDigest: digest })).rejects.toBeInstanceOf(BlobDigestMismatch);
    expect(await database.blobs.head(sha256(other))).toBeUndefined();

    await database.blobs.delete(digest);
    expect(await database.blobs.head(digest)).toBeUndefined();
    expect(await database.blobs.get(digest)).toBeUndefined();
  });

  it('an upload whose source fails keeps nothing, not even its temporary object after the sweep', async () => {
    const failing = (async function* () {
      yield crypto.randomBytes(6 * 1024 * 1024);
      throw new Error('client went away');
    })();
    await expect(database.blobs.put(failing)).rejects.toThrow('client went away');
    expect(await database.blobs.deleteStaleTemporaries(new Date(Date.now() + 60_000))).toBe(0);
  });

  it('keeps the metadata and digest of an attachment in the database and its bytes in the store', async () => {
    const file = pdf();
    const freightDocumentId = await draft();
    const { attachmentId } = await addAttachment({
      ctx,
      input: { freightDocumentId, body: { type: 'GENERAL', originalFileName: 'a.pdf', content: file.toString('base64') } },
    });
    const [row] = await database.handle.db.select().from(attachments).where(eq(attachments.id, attachmentId));
    expect(row).toMatchObject({ content: null, sha256: sha256(file), size: file.length, mimeType: 'application/pdf' });
    const found = await getAttachment({ ctx, input: { attachmentId } });
    expect((await found.content.bytes()).equals(file)).toBe(true);
    expect((await readAll(await found.content.stream())).equals(file)).toBe(true);
    expect(await verifyCommitChain(database.handle.db, freightDocumentId, database.blobs)).toMatchObject({ intact: true });
  });

  it('still refuses more than 10 MB per document (3.34), and the refused upload is an orphan the sweep removes after 24 hours', async () => {
    const big = Buffer.concat([pdf(), crypto.randomBytes(6 * 1024 * 1024)]);
    const freightDocumentId = await draft([big]);
    const second = Buffer.concat([pdf(), crypto.randomBytes(5 * 1024 * 1024)]);
    expect(
      await refusalOf(
        addAttachment({ ctx, input: { freightDocumentId, body: { type: 'GENERAL', originalFileName: 'b.pdf', content: second.toString('base64') } } }),
      ),
    ).toEqual(['3.34']);
    // Stored before the change was refused; recorded as an upload, named by no attachment.
    expect(await database.blobs.head(sha256(second))).toBeDefined();
    expect(await sweepOrphanBlobs({ ctx, now: new Date(Date.now() + ORPHAN_AFTER_MS - 60_000) })).toMatchObject({ deleted: 0 });
    expect(await database.blobs.head(sha256(second))).toBeDefined();
    const swept = await sweepOrphanBlobs({ ctx, now: new Date(Date.now() + ORPHAN_AFTER_MS + 60_000) });
    expect(swept.deleted).toBeGreaterThanOrEqual(1);
    expect(await database.blobs.head(sha256(second))).toBeUndefined();
    // The accepted one stays: an attachment names it.
    expect(await database.blobs.head(sha256(big))).toBeDefined();
    expect(await database.handle.db.select().from(blobUploads)).toEqual([]);
  });

  it('never sweeps what a commit names: a file a PUT removed from a draft stays, and so does one only a commit names', async () => {
    const removed = pdf();
    const freightDocumentId = await draft([removed]);
    const document = await getFreightDocument({ ctx, input: { freightDocumentId } });
    await replaceFreightDocument({ ctx, input: { freightDocumentId, body: { ...document, attachments: [] } } });
    // A blob no attachment row names but a commit's content does (rows are never deleted; this is the belt and braces).
    const onlyInCommit = crypto.randomBytes(3000);
    const { digest } = await database.blobs.put(once(onlyInCommit));
    await database.handle.db.insert(blobUploads).values({ digest, uploadedAt: new Date(Date.now() - 2 * ORPHAN_AFTER_MS) });
    await database.handle.db.execute(
      sql`insert into document_snapshots (content_hash, body) values (${crypto.randomUUID()}, ${JSON.stringify({ attachments: [{ sha256: digest }] })}::jsonb)`,
    );
    await sweepOrphanBlobs({ ctx, now: new Date(Date.now() + 2 * ORPHAN_AFTER_MS) });
    expect(await database.blobs.head(sha256(removed))).toBeDefined();
    expect(await database.blobs.head(digest)).toBeDefined();
    expect(await verifyCommitChain(database.handle.db, freightDocumentId, database.blobs)).toMatchObject({ intact: true });
  });

  it('blobs:migrate moves bytes out of the database in batches, verified, while reads go on; a run cut short is run again', async () => {
    // Attachments as they were before issue 37: their bytes in the column, nothing in the store.
    const files = Array.from({ length: 7 }, () => Buffer.concat([pdf(), crypto.randomBytes(50_000)]));
    const freightDocumentId = await draft(files);
    const rows = await database.handle.db.select().from(attachments).where(eq(attachments.documentId, freightDocumentId));
    for (const row of rows) {
      const file = files.find((candidate) => sha256(candidate) === row.sha256)!;
      await database.handle.db.update(attachments).set({ content: file }).where(eq(attachments.id, row.id));
      await database.blobs.delete(row.sha256);
    }
    // One whose column no longer matches its digest stays where it is, and is reported.
    const [broken] = rows;
    await database.handle.db
      .update(attachments)
      .set({ content: Buffer.from('%PDF-1.4 not the same') })
      .where(eq(attachments.id, broken!.id));
    const readsBefore = await Promise.all(rows.slice(1).map(async (row) => (await getAttachment({ ctx, input: { attachmentId: row.id } })).content.bytes()));

    // One batch, then "a crash": the next run starts from the beginning and finds only what is left.
    const first = await migrateAttachmentBlobs({ ctx, input: { batchSize: 3 } });
    expect(first.moved + first.mismatched.length).toBe(3);
    let moved = first.moved;
    let afterId: string | undefined;
    const mismatched = new Set(first.mismatched);
    for (;;) {
      const batch = await migrateAttachmentBlobs({ ctx, input: { batchSize: 3, afterId } });
      moved += batch.moved;
      batch.mismatched.forEach((id) => mismatched.add(id));
      if (batch.done) break;
      afterId = batch.lastId!;
    }
    expect(moved).toBe(6);
    expect([...mismatched]).toEqual([broken!.id]);
    const left = await database.handle.db.select({ id: attachments.id }).from(attachments).where(isNotNull(attachments.content));
    expect(left.map((row) => row.id)).toEqual([broken!.id]);
    for (const [index, row] of rows.slice(1).entries()) {
      expect(await digestOfStreamOrMissing(await database.blobs.get(row.sha256))).toBe(row.sha256);
      expect((await (await getAttachment({ ctx, input: { attachmentId: row.id } })).content.bytes()).equals(readsBefore[index]!)).toBe(true);
    }
    // The one left behind is still answered from the column, and still fails its digest there (5.0).
    expect(await refusalOf((await getAttachment({ ctx, input: { attachmentId: broken!.id } })).content.bytes())).toEqual(['5.0']);
  });
});
