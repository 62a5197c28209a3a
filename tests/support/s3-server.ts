/**
 * A real S3-protocol server for the tests (issue 37): s3rver (npm), in this process, on a free port, with one bucket,
 * its files in a temporary directory. The blob store talks to it through the real AWS SDK, as to AWS S3 or MinIO.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export interface TestS3Server {
  endpoint: string;
  bucket: string;
  /** Where s3rver keeps the bucket's objects (tests tamper with them here). */
  directory: string;
  /** The server settings that point the service's blob store at this server. */
  env: Record<string, string>;
  close: () => Promise<void>;
}

export const TEST_S3_BUCKET = 'fds-blobs';

export async function startS3Server(): Promise<TestS3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'fds-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: TEST_S3_BUCKET, configs: [] }] });
  const { port } = (await server.run()) as { port: number };
  // s3rver keeps keys as directories and removes a directory when its last object goes; a put into the same prefix
  // between its mkdir and its write then fails with an unhandled ENOENT that ends the test process. The blob store
  // stages every upload under `tmp/`, where the orphan sweep deletes while uploads arrive (two instances), so that
  // directory keeps a file s3rver does not list (no `._S3rver_object` suffix) and is never emptied.
  const staging = path.join(directory, TEST_S3_BUCKET, 'tmp');
  fs.mkdirSync(staging, { recursive: true });
  fs.writeFileSync(path.join(staging, '.keep'), '');
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket: TEST_S3_BUCKET,
    directory,
    env: {
      BLOB_STORE: 's3',
      BLOB_S3_BUCKET: TEST_S3_BUCKET,
      BLOB_S3_REGION: 'us-east-1',
      BLOB_S3_ENDPOINT: endpoint,
      BLOB_S3_FORCE_PATH_STYLE: 'true',
      // s3rver's fixed credentials.
      BLOB_S3_ACCESS_KEY_ID: 'S3RVER',
      BLOB_S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    close: async () => {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
