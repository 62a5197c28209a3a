import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { asReadable, checkExpected, HashingStream } from './hashing';
import { assertDigest, type BlobInfo, type BlobStore, type ByteRange, type PutOptions } from './types';

export interface S3BlobStoreOptions {
  bucket: string;
  region: string;
  endpoint?: string;
  forcePathStyle?: boolean;
  /** Key prefix, e.g. `fds/`; blobs are `<prefix>sha256/<digest>`, unfinished uploads `<prefix>tmp/…`. */
  prefix?: string;
  /** Explicit credentials; without them the SDK's usual chain (environment, profiles, instance roles). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/** lib-storage's smallest part: an upload holds at most one part in memory (queueSize 1), whatever the file's size. */
const PART_BYTES = 5 * 1024 * 1024;

function isNotFound(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.$metadata.httpStatusCode === 404 || error.name === 'NoSuchKey' || error.name === 'NotFound');
}

/**
 * Blobs in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2, SeaweedFS). An upload streams to `tmp/<uuid>` through
 * lib-storage (multipart above 5 MiB) while it is hashed, is then copied to its digest's key inside the bucket and
 * the temporary object removed. Checksums are sent only where the API requires them: many S3-compatible servers
 * refuse the ones the SDK sends by default since 3.729; integrity is ours (digest on write and on every whole read).
 */
export class S3BlobStore implements BlobStore {
  readonly kind = 's3' as const;
  readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;

  constructor(options: S3BlobStoreOptions) {
    this.bucket = options.bucket;
    this.prefix = options.prefix ?? '';
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      credentials: options.credentials,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  keyOf(digest: string): string {
    assertDigest(digest);
    return `${this.prefix}sha256/${digest}`;
  }

  async put(source: AsyncIterable<Uint8Array>, options: PutOptions = {}): Promise<{ digest: string; size: number }> {
    const temporary = `${this.prefix}tmp/${Date.now()}-${crypto.randomUUID()}`;
    const hashing = new HashingStream();
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: temporary, Body: hashing },
      partSize: PART_BYTES,
      queueSize: 1,
      leavePartsOnError: false,
    });
    const feeding = pipeline(asReadable(source), hashing);
    try {
      // A failing source (a dropped upload) ends the upload too, and the other way round.
      await Promise.all([feeding.catch((error: unknown) => (void upload.abort().catch(() => {}), Promise.reject(error))), upload.done()]);
      const digest = hashing.digest();
      checkExpected(options.expectedDigest, digest);
      await options.beforeCommit?.(digest);
      if (!(await this.head(digest))) {
        await this.client.send(new CopyObjectCommand({ Bucket: this.bucket, Key: this.keyOf(digest), CopySource: encodeURI(`${this.bucket}/${temporary}`) }));
      }
      return { digest, size: hashing.byteCount };
    } finally {
      hashing.destroy();
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: temporary })).catch(() => {});
    }
  }

  async get(digest: string, range?: ByteRange): Promise<Readable | undefined> {
    try {
      const answer = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: this.keyOf(digest), Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
      );
      return answer.Body as Readable;
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  async head(digest: string): Promise<BlobInfo | undefined> {
    try {
      const answer = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.keyOf(digest) }));
      return { size: answer.ContentLength ?? 0, lastModified: answer.LastModified ?? new Date(0) };
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  async delete(digest: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.keyOf(digest) }));
  }

  async deleteStaleTemporaries(before: Date): Promise<number> {
    let removed = 0;
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: `${this.prefix}tmp/`, ContinuationToken: token }));
      for (const object of page.Contents ?? []) {
        if (object.Key && object.LastModified && object.LastModified < before) {
          await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: object.Key }));
          removed += 1;
        }
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return removed;
  }
}
