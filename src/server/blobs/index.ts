import 'server-only';
import path from 'node:path';
import { getConfig, type AppConfig } from '@/server/config/env';
import { instrumented } from './instrumented';
import { LocalDiskBlobStore } from './local-disk';
import { S3BlobStore } from './s3';
import type { BlobStore } from './types';

export type { BlobStore, BlobInfo, ByteRange } from './types';
export { BlobDigestMismatch, isDigest } from './types';

export type BlobConfig = Pick<
  AppConfig,
  | 'DATA_DIR'
  | 'BLOB_STORE'
  | 'BLOB_DIR'
  | 'BLOB_S3_BUCKET'
  | 'BLOB_S3_REGION'
  | 'BLOB_S3_ENDPOINT'
  | 'BLOB_S3_FORCE_PATH_STYLE'
  | 'BLOB_S3_PREFIX'
  | 'BLOB_S3_ACCESS_KEY_ID'
  | 'BLOB_S3_SECRET_ACCESS_KEY'
  | 'AWS_REGION'
  | 'AWS_DEFAULT_REGION'
>;

/** The directory of the local store: BLOB_DIR, else DATA_DIR/blobs. */
export function localBlobDir(config: Pick<AppConfig, 'DATA_DIR' | 'BLOB_DIR'>): string {
  return path.resolve(config.BLOB_DIR ?? path.join(config.DATA_DIR, 'blobs'));
}

/** The store a configuration names (the configuration check has refused a partial S3 setting already). */
export function createBlobStore(config: BlobConfig): BlobStore {
  if (config.BLOB_STORE !== 's3') return instrumented(new LocalDiskBlobStore(localBlobDir(config)));
  return instrumented(
    new S3BlobStore({
      bucket: config.BLOB_S3_BUCKET!,
      region: config.BLOB_S3_REGION ?? config.AWS_REGION ?? config.AWS_DEFAULT_REGION!,
      endpoint: config.BLOB_S3_ENDPOINT,
      forcePathStyle: config.BLOB_S3_FORCE_PATH_STYLE,
      prefix: config.BLOB_S3_PREFIX,
      credentials:
        config.BLOB_S3_ACCESS_KEY_ID && config.BLOB_S3_SECRET_ACCESS_KEY
          ? { accessKeyId: config.BLOB_S3_ACCESS_KEY_ID, secretAccessKey: config.BLOB_S3_SECRET_ACCESS_KEY }
          : undefined,
    }),
  );
}

const globalForBlobs = globalThis as unknown as { __fdsBlobStore?: BlobStore };

/** The process's store (kept on globalThis: Next.js may load this module in several bundles of one process). */
export function getBlobStore(): BlobStore {
  globalForBlobs.__fdsBlobStore ??= createBlobStore(getConfig());
  return globalForBlobs.__fdsBlobStore;
}
