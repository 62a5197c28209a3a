import type { Readable } from 'node:stream';

/** What a store knows of one blob without reading it. */
export interface BlobInfo {
  size: number;
  lastModified: Date;
}

/** Bytes `start` to `end` of a blob, both included (as HTTP ranges count them). */
export interface ByteRange {
  start: number;
  end: number;
}

export interface PutOptions {
  /** The digest the bytes must have (a migration moving known content): another digest is refused, nothing is kept. */
  expectedDigest?: string;
  /**
   * Runs once the digest is known and before the bytes become visible under it (the upload record the orphan sweep
   * reads is written here, so that no committed blob is ever unknown to it). A failure here keeps nothing.
   */
  beforeCommit?: (digest: string) => Promise<void>;
}

/**
 * Where attachment, signature and photo bytes live (issue 37), keyed by their SHA-256 digest (lowercase hex), the
 * name the commit chain already gives them. Services see only this interface: `local-disk.ts` or `s3.ts` runs,
 * chosen by the configuration (`index.ts`). A blob is immutable: the same digest always names the same bytes.
 */
export interface BlobStore {
  readonly kind: 'local' | 's3';
  /**
   * Streams the bytes to a temporary object while hashing them, then commits them under their digest (a blob that
   * exists already is kept as it is). Nothing is ever visible under a digest before all of its bytes are written.
   */
  put(source: AsyncIterable<Uint8Array>, options?: PutOptions): Promise<{ digest: string; size: number }>;
  /** The blob's bytes (or one range of them) as a stream; undefined when there is no such blob. */
  get(digest: string, range?: ByteRange): Promise<Readable | undefined>;
  head(digest: string): Promise<BlobInfo | undefined>;
  /** Only the orphan sweep deletes (services/blobs/sweep-orphan-blobs.ts). A missing blob is no error. */
  delete(digest: string): Promise<void>;
  /** Removes temporary objects of uploads that never finished (a crash, a dropped connection), older than `before`. */
  deleteStaleTemporaries(before: Date): Promise<number>;
}

/** The bytes did not hash to the digest they had to have. */
export class BlobDigestMismatch extends Error {
  constructor(
    readonly expected: string,
    readonly actual: string,
  ) {
    super(`blob digest mismatch: expected ${expected}, got ${actual}`);
    this.name = 'BlobDigestMismatch';
  }
}

const DIGEST = /^[0-9a-f]{64}$/;

/** A SHA-256 digest as blobs are named: 64 lowercase hex digits (anything else never reaches a path or a key). */
export function isDigest(value: string): boolean {
  return DIGEST.test(value);
}

export function assertDigest(value: string): void {
  if (!isDigest(value)) throw new Error('not a SHA-256 digest');
}
