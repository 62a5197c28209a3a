import crypto from 'node:crypto';
import { Readable, Transform, type TransformCallback } from 'node:stream';
import { BlobDigestMismatch } from './types';

/** A pass-through stream that hashes and counts what flows through it: the digest is known when the stream ends. */
export class HashingStream extends Transform {
  private readonly hash = crypto.createHash('sha256');
  /** Not `size`: lib-storage reads a body's `size` as its length before the first byte. */
  byteCount = 0;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.hash.update(chunk);
    this.byteCount += chunk.length;
    callback(null, chunk);
  }

  /** Only after the stream has ended. */
  digest(): string {
    return this.hash.digest('hex');
  }
}

/** Any byte source as a Node stream (the stores pipe it). */
export function asReadable(source: AsyncIterable<Uint8Array>): Readable {
  return source instanceof Readable ? source : Readable.from(source, { objectMode: false });
}

/** Refuses bytes whose digest is not the one they had to have. */
export function checkExpected(expected: string | undefined, actual: string): void {
  if (expected !== undefined && expected !== actual) throw new BlobDigestMismatch(expected, actual);
}

/** The SHA-256 of a stream's bytes, read to its end (never held in memory whole). */
export async function digestOfStream(stream: Readable): Promise<{ digest: string; size: number }> {
  const hash = crypto.createHash('sha256');
  let size = 0;
  for await (const chunk of stream) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { digest: hash.digest('hex'), size };
}
