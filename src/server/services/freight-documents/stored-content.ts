import { pipeline, Readable, Transform, type TransformCallback } from 'node:stream';
import crypto from 'node:crypto';
import type { ByteRange } from '@/server/blobs';
import { digestOfStreamOrMissing } from '@/server/blobs/read';
import { fail } from '@/server/errors';
import { metrics } from '@/server/observability/metrics';
import { log } from '@/server/observability/logger';
import type { ServiceContext } from '../context';
import { sha256Hex } from '../document/snapshot';

/** Whole files up to this size are read once into memory and checked there; larger ones are read twice (see `stream`). */
const CHECK_IN_MEMORY_BYTES = 1024 * 1024;

/** An attachment row as far as its bytes go: the legacy column until `blobs:migrate` moved them, else the blob. */
export interface ContentRow {
  id: string;
  sha256: string;
  size: number;
  content: Buffer | null;
}

/**
 * An attachment's bytes as services hand them out (issue 37). Every whole read checks the digest the commit chain
 * names before the first byte leaves (a mismatch, or a missing blob, is 5.0 and logged with the attachment);
 * range reads trust the check made when the bytes were written.
 */
export interface StoredContent {
  digest: string;
  size: number;
  stream(): Promise<Readable>;
  range(range: ByteRange): Promise<Readable>;
  /** The whole file in memory: for images (at most 2 MB) that a PDF or a screen embeds. */
  bytes(): Promise<Buffer>;
}

function integrityFailure(row: ContentRow, actual: string | undefined, store: string): never {
  metrics().blobStoreErrors.inc({ store, operation: 'verify' });
  log().error(
    { attachmentId: row.id, digest: row.sha256, actual: actual ?? 'missing' },
    actual ? 'attachment bytes do not match their digest' : 'attachment bytes are missing from the blob store',
  );
  fail('5.0');
}

/** Passes bytes on and fails the stream at its end when they did not hash to `digest` (the client sees a cut answer). */
class DigestCheck extends Transform {
  private readonly hash = crypto.createHash('sha256');
  constructor(
    private readonly digest: string,
    private readonly fails: (actual: string) => never,
  ) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.hash.update(chunk);
    callback(null, chunk);
  }
  override _flush(callback: TransformCallback) {
    const actual = this.hash.digest('hex');
    if (actual === this.digest) return callback();
    try {
      this.fails(actual);
    } catch (error) {
      callback(error as Error);
    }
  }
}

export function storedContent(ctx: Pick<ServiceContext, 'blobs'>, row: ContentRow): StoredContent {
  const fails = (actual: string | undefined) => integrityFailure(row, actual, row.content ? 'column' : ctx.blobs.kind);
  if (row.content) {
    const legacy = row.content;
    const checked = () => {
      const actual = sha256Hex(legacy);
      if (actual !== row.sha256) fails(actual);
      return legacy;
    };
    return {
      digest: row.sha256,
      size: legacy.length,
      stream: async () => Readable.from([checked()]),
      range: async ({ start, end }) => Readable.from([legacy.subarray(start, end + 1)]),
      bytes: async () => checked(),
    };
  }
  const open = async (range?: ByteRange) => (await ctx.blobs.get(row.sha256, range)) ?? fails(undefined);
  const bytes = async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of await open()) chunks.push(chunk as Buffer);
    const content = Buffer.concat(chunks);
    const actual = sha256Hex(content);
    if (actual !== row.sha256) fails(actual);
    return content;
  };
  return {
    digest: row.sha256,
    size: row.size,
    bytes,
    range: (range) => open(range),
    // A large file is hashed as it streams from the store, before the answer starts, then streamed again for the
    // answer (checked once more on the way, should it change in between): memory stays flat, and a file that no
    // longer matches its digest is a 5.0 answer, not a cut download.
    stream: async () => {
      if (row.size <= CHECK_IN_MEMORY_BYTES) return Readable.from([await bytes()]);
      const actual = await digestOfStreamOrMissing(await open());
      if (actual !== row.sha256) fails(actual);
      const check = new DigestCheck(row.sha256, fails);
      pipeline(await open(), check, () => {});
      return check;
    },
  };
}
