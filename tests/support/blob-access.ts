/**
 * A test's own hands on a server's blob store, behind the service's back (issue 37): to take bytes away (as before
 * blobs:migrate), to change them (a disk fault, an intruder), and to check what is there. The local store by its
 * directory layout, the S3 store through the S3 API of the test's S3-protocol server.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';

export type BlobStoreAt = { kind: 'local'; dir: string } | { kind: 's3'; endpoint: string; bucket: string; prefix?: string };

export interface BlobAccess {
  read(digest: string): Promise<Buffer | undefined>;
  write(digest: string, bytes: Buffer): Promise<void>;
  remove(digest: string): Promise<void>;
}

export function blobAccess(store: BlobStoreAt): BlobAccess {
  if (store.kind === 'local') {
    const file = (digest: string) => path.join(store.dir, 'sha256', digest.slice(0, 2), digest.slice(2, 4), digest);
    return {
      read: async (digest) => (fs.existsSync(file(digest)) ? fs.readFileSync(file(digest)) : undefined),
      write: async (digest, bytes) => {
        fs.mkdirSync(path.dirname(file(digest)), { recursive: true });
        fs.writeFileSync(file(digest), bytes);
      },
      remove: async (digest) => fs.rmSync(file(digest), { force: true }),
    };
  }
  const client = new S3Client({
    region: 'us-east-1',
    endpoint: store.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Key = (digest: string) => `${store.prefix ?? ''}sha256/${digest}`;
  return {
    read: async (digest) => {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: store.bucket, Key: Key(digest) }));
        return Buffer.from(await answer.Body!.transformToByteArray());
      } catch {
        return undefined;
      }
    },
    write: async (digest, bytes) => void (await client.send(new PutObjectCommand({ Bucket: store.bucket, Key: Key(digest), Body: bytes }))),
    remove: async (digest) => void (await client.send(new DeleteObjectCommand({ Bucket: store.bucket, Key: Key(digest) }))),
  };
}

export const sha256Hex = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');

/** A small valid PDF with bytes of its own (blobs are shared by every attachment with the same bytes). */
export function uniquePdf(padding = 0): Buffer {
  return Buffer.concat([Buffer.from(`%PDF-1.4\n% ${crypto.randomUUID()}\n`), crypto.randomBytes(padding), Buffer.from('\n%%EOF\n')]);
}
