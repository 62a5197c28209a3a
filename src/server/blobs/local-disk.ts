import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { asReadable, checkExpected, HashingStream } from './hashing';
import { assertDigest, type BlobInfo, type BlobStore, type ByteRange, type PutOptions } from './types';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Blobs as files under one directory (the embedded default, DATA_DIR/blobs): `sha256/ab/cd/<digest>`, written to
 * `tmp/` first, flushed to disk and renamed into place, so a crash never leaves a partial file under a digest.
 * Several instances share this store only when they share the directory (one machine, or one shared volume).
 */
export class LocalDiskBlobStore implements BlobStore {
  readonly kind = 'local' as const;
  private readonly tmpDir: string;

  constructor(private readonly root: string) {
    this.tmpDir = path.join(root, 'tmp');
  }

  private pathOf(digest: string): string {
    assertDigest(digest);
    return path.join(this.root, 'sha256', digest.slice(0, 2), digest.slice(2, 4), digest);
  }

  async put(source: AsyncIterable<Uint8Array>, options: PutOptions = {}): Promise<{ digest: string; size: number }> {
    await fs.promises.mkdir(this.tmpDir, { recursive: true });
    const temporary = path.join(this.tmpDir, `${Date.now()}-${crypto.randomUUID()}`);
    const hashing = new HashingStream();
    try {
      // `flush`: the bytes are on disk before the rename makes them visible under their digest.
      await pipeline(asReadable(source), hashing, fs.createWriteStream(temporary, { flush: true, mode: 0o640 }));
      const digest = hashing.digest();
      checkExpected(options.expectedDigest, digest);
      await options.beforeCommit?.(digest);
      const target = this.pathOf(digest);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      // Same digest, same bytes: a blob already there is kept (its file time says when it was first written).
      if (await this.exists(target)) await fs.promises.rm(temporary, { force: true });
      else await fs.promises.rename(temporary, target);
      return { digest, size: hashing.byteCount };
    } catch (error) {
      await fs.promises.rm(temporary, { force: true });
      throw error;
    }
  }

  private async exists(file: string): Promise<boolean> {
    try {
      await fs.promises.access(file);
      return true;
    } catch {
      return false;
    }
  }

  async get(digest: string, range?: ByteRange): Promise<Readable | undefined> {
    let handle: fs.promises.FileHandle;
    try {
      handle = await fs.promises.open(this.pathOf(digest), 'r');
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
    return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
  }

  async head(digest: string): Promise<BlobInfo | undefined> {
    try {
      const stat = await fs.promises.stat(this.pathOf(digest));
      return { size: stat.size, lastModified: stat.mtime };
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async delete(digest: string): Promise<void> {
    await fs.promises.rm(this.pathOf(digest), { force: true });
  }

  async deleteStaleTemporaries(before: Date): Promise<number> {
    let names: string[];
    try {
      names = await fs.promises.readdir(this.tmpDir);
    } catch (error) {
      if (isMissing(error)) return 0;
      throw error;
    }
    let removed = 0;
    for (const name of names) {
      const file = path.join(this.tmpDir, name);
      const stat = await fs.promises.stat(file).catch(() => undefined);
      if (stat && stat.mtime < before) {
        await fs.promises.rm(file, { force: true });
        removed += 1;
      }
    }
    return removed;
  }
}
