import { pipeline, Transform, type Readable } from 'node:stream';
import { metrics } from '@/server/observability/metrics';
import type { BlobStore, ByteRange, PutOptions } from './types';

/**
 * The store as services use it: every operation timed (fds_blob_store_duration_seconds), every failure counted
 * (fds_blob_store_errors_total) and the bytes in and out counted (fds_blob_bytes_total), whichever store runs.
 */
export function instrumented(store: BlobStore): BlobStore {
  const labels = (operation: string) => ({ store: store.kind, operation });
  async function timed<T>(operation: string, work: () => Promise<T>): Promise<T> {
    const stop = metrics().blobStoreDuration.startTimer(labels(operation));
    try {
      return await work();
    } catch (error) {
      metrics().blobStoreErrors.inc(labels(operation));
      throw error;
    } finally {
      stop();
    }
  }
  // Counted on the way (a 'data' listener on the store's stream would start it flowing before its reader is there).
  const countOut = (stream: Readable | undefined): Readable | undefined => {
    if (!stream) return undefined;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        metrics().blobBytes.inc({ store: store.kind, direction: 'out' }, chunk.length);
        callback(null, chunk);
      },
    });
    pipeline(stream, counter, (error) => {
      if (error && error.name !== 'AbortError' && (error as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE') {
        metrics().blobStoreErrors.inc(labels('read'));
      }
    });
    return counter;
  };
  return {
    kind: store.kind,
    put: (source: AsyncIterable<Uint8Array>, options?: PutOptions) =>
      timed('put', async () => {
        const stored = await store.put(source, options);
        metrics().blobBytes.inc({ store: store.kind, direction: 'in' }, stored.size);
        return stored;
      }),
    get: (digest: string, range?: ByteRange) => timed('get', async () => countOut(await store.get(digest, range))),
    head: (digest: string) => timed('head', () => store.head(digest)),
    delete: (digest: string) => timed('delete', () => store.delete(digest)),
    deleteStaleTemporaries: (before: Date) => timed('sweep', () => store.deleteStaleTemporaries(before)),
  };
}
