import { sql } from 'drizzle-orm';
import { getBlobStore } from '@/server/blobs';
import { getDb, type Database } from '@/server/db/client';
import { blobUploads } from '@/server/db/schema';
import type { ServiceContext } from '../context';
import type { StagedFile, StagedFiles } from './staged-file';

export type { StagedFile, StagedFiles } from './staged-file';

/** How much of a file's start is kept in memory for sniffing its type and reading an image's header. */
export const HEAD_BYTES = 128 * 1024;

/**
 * How a staged file stands in a body for its base64 text: `==staged_<digest>`. It passes the schemas' base64 check,
 * but no real file's base64 starts with padding; a client that sends one itself names nothing (it resolves only
 * against the files this very request staged) and is decoded as the base64 text it is.
 */
const STAGED_PREFIX = '==staged_';

export function stagedToken(digest: string): string {
  return `${STAGED_PREFIX}${digest}`;
}

/** The staged file a body's content names, when it names one this request staged. */
export function stagedFileOf(ctx: Pick<ServiceContext, 'staged'>, content: string): StagedFile | undefined {
  return content.startsWith(STAGED_PREFIX) ? ctx.staged?.get(content.slice(STAGED_PREFIX.length)) : undefined;
}

/** Upload records of the orphan sweep: written on the root connection, never inside a change's transaction. */
async function recordUpload(db: Database, digest: string): Promise<void> {
  await db
    .insert(blobUploads)
    .values({ digest })
    .onConflictDoUpdate({ target: blobUploads.digest, set: { uploadedAt: sql`now()` } });
}

/**
 * Streams bytes into the store (hashed on the way, committed under their digest) and keeps the first HEAD_BYTES.
 * Must run outside any transaction: the upload record goes through the root connection (PGlite has only one).
 */
export async function stageStream(ctx: Pick<ServiceContext, 'db' | 'blobs'>, source: AsyncIterable<Uint8Array>): Promise<StagedFile> {
  const head: Buffer[] = [];
  let headSize = 0;
  async function* keepingHead() {
    for await (const chunk of source) {
      if (headSize < HEAD_BYTES) {
        const part = Buffer.from(chunk.subarray(0, HEAD_BYTES - headSize));
        head.push(part);
        headSize += part.length;
      }
      yield chunk;
    }
  }
  const stored = await ctx.blobs.put(keepingHead(), { beforeCommit: (digest) => recordUpload(ctx.db, digest) });
  return { ...stored, head: Buffer.concat(head) };
}

export function stageBytes(ctx: Pick<ServiceContext, 'db' | 'blobs'>, bytes: Buffer): Promise<StagedFile> {
  return stageStream(
    ctx,
    (async function* () {
      yield bytes;
    })(),
  );
}

/**
 * How the body gate stores the files it cuts out of a request's body for this context: each goes to the store, is
 * remembered in `ctx.staged`, and is named in the body by its token.
 */
export function stagingInto(ctx: Pick<ServiceContext, 'db' | 'blobs' | 'staged'>) {
  return async (bytes: AsyncIterable<Uint8Array>): Promise<{ token: string }> => {
    const file = await stageStream(ctx, bytes);
    ctx.staged ??= new Map();
    ctx.staged.set(file.digest, file);
    return { token: stagedToken(file.digest) };
  };
}

/** The same for a request that has no service context yet (the tRPC door, whose procedures get `staged`). */
export async function stagingForRequest(staged: StagedFiles) {
  return stagingInto({ db: await getDb(), blobs: getBlobStore(), staged });
}
