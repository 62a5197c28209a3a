/**
 * Contract §1: an image may have at most 25,000,000 pixels (3.8), read from its PNG or JPEG header before anything
 * decodes it, so a decompression bomb (a small file that inflates to gigabytes) is refused at once.
 */
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ServiceError } from '@/server/errors';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LocalDiskBlobStore } from '@/server/blobs/local-disk';
import { checkAttachments, MAX_IMAGE_PIXELS, prepareAttachments } from '@/server/services/document/attachment-content';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer) {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer) {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
/** A valid 8-bit greyscale PNG of all-black rows: tiny on disk, width × height bytes once decoded. */
function blackPng(width: number, height: number) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  const raw = Buffer.alloc((width + 1) * height);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
const signature = (content: Buffer) => ({ type: 'SIGNATURE' as const, originalFileName: 'signature.png', content: content.toString('base64') });

// The files that pass are stored: a store in a temporary directory, and a database stand-in for the upload record.
const uploadRecords: unknown[] = [];
const ctx = {
  blobs: new LocalDiskBlobStore(fs.mkdtempSync(path.join(os.tmpdir(), 'fds-unit-blobs-'))),
  db: { insert: () => ({ values: (row: unknown) => ({ onConflictDoUpdate: async () => void uploadRecords.push(row) }) }) } as never,
};
type Inputs = Parameters<typeof prepareAttachments>[1];
const prepare = async (inputs: Inputs, _existing: unknown[], fieldPrefix: string) => checkAttachments(await prepareAttachments(ctx, inputs, fieldPrefix));

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ServiceError);
  return (error as ServiceError).items.map(({ code, field }) => ({ code, field }));
}

describe('image pixels (contract §1)', () => {
  it('a PNG decompression bomb (36 megapixels in a few kB) is refused with 3.8 from its header, at once', async () => {
    const bomb = blackPng(6000, 6000);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const started = performance.now();
    expect(await refusal(prepare([signature(bomb)], [], 'evidence.attachments'))).toEqual([{ code: '3.8', field: 'evidence.attachments[0].content' }]);
    expect(performance.now() - started).toBeLessThan(250);
  });

  it('a header that claims more than 25,000,000 pixels is enough: nothing is decoded', async () => {
    const claimed = blackPng(1, 1);
    claimed.writeUInt32BE(5001, 16);
    claimed.writeUInt32BE(5000, 20);
    expect(5001 * 5000).toBeGreaterThan(MAX_IMAGE_PIXELS);
    expect(await refusal(prepare([signature(claimed)], [], 'attachments'))).toEqual([{ code: '3.8', field: 'attachments[0].content' }]);
  });

  it('an image of exactly 25,000,000 pixels (by its header) and a small signature pass', async () => {
    const atLimit = blackPng(1, 1);
    atLimit.writeUInt32BE(5000, 16);
    atLimit.writeUInt32BE(5000, 20);
    expect(await prepare([signature(atLimit), signature(blackPng(300, 100))], [], 'attachments')).toHaveLength(2);
  });

  it('a JPEG is read from its frame header the same way', async () => {
    // SOI, then a baseline SOF0 frame declaring 6000 × 5000 pixels, then EOI.
    const sof = Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, 0x13, 0x88, 0x17, 0x70, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01]);
    const jpeg = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]),
      sof,
      Buffer.from([0xff, 0xd9]),
    ]);
    expect(await refusal(prepare([{ ...signature(jpeg), originalFileName: 'photo.jpg' }], [], 'attachments'))).toEqual([
      { code: '3.8', field: 'attachments[0].content' },
    ]);
  });
});
