import { Readable, Transform, type TransformCallback } from 'node:stream';
import { create as contentDisposition } from 'content-disposition';
import type { ByteRange } from '@/server/blobs';
import type { getAttachment } from '@/server/services/freight-documents/get-attachment';
import { declaredLength } from './declared-length';

type Found = Awaited<ReturnType<typeof getAttachment>>;

const nosniff = { 'X-Content-Type-Options': 'nosniff' };

/** Bytes in, base64 text out, a chunk at a time (whole groups of three bytes; the rest waits for the next chunk). */
class Base64Encoder extends Transform {
  private rest = Buffer.alloc(0);
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    const bytes = this.rest.length ? Buffer.concat([this.rest, chunk]) : chunk;
    const whole = bytes.length - (bytes.length % 3);
    this.rest = Buffer.from(bytes.subarray(whole));
    callback(null, whole ? bytes.subarray(0, whole).toString('base64') : undefined);
  }
  override _flush(callback: TransformCallback) {
    callback(null, this.rest.length ? this.rest.toString('base64') : undefined);
  }
}

const base64Length = (size: number) => 4 * Math.ceil(size / 3);

function streamed(parts: (string | Readable)[]): ReadableStream<Uint8Array> {
  return Readable.toWeb(
    Readable.from(
      (async function* () {
        for (const part of parts) {
          if (typeof part === 'string') yield Buffer.from(part);
          else for await (const chunk of part) yield typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
        }
      })(),
    ),
  ) as ReadableStream<Uint8Array>;
}

/**
 * The complete JSON attachment with its content base64-encoded (spec §4), streamed: the file is checked against its
 * digest first, then encoded as it is read, so a 10 MB attachment never sits in memory whole.
 */
export async function attachmentJson(found: Found): Promise<Response> {
  const fields = JSON.stringify(found.attachment);
  const prefix = `${fields.slice(0, -1)}${fields.length > 2 ? ',' : ''}"content":"`;
  const encoded = (await found.content.stream()).pipe(new Base64Encoder());
  return new Response(streamed([prefix, encoded, '"}']), {
    headers: {
      'Content-Type': 'application/json',
      ...declaredLength(Buffer.byteLength(prefix) + base64Length(found.content.size) + 2),
    },
  });
}

/**
 * A single byte range of `Range: bytes=a-b`, `a-` or `-n` within the file. Several ranges, other units or a range
 * that cannot be satisfied are ignored (RFC 9110 §14.2 lets a server answer the whole file instead).
 */
export function requestedRange(header: string | null, size: number): ByteRange | undefined {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!match || size === 0 || (!match[1] && !match[2])) return undefined;
  const [start, end] = match[1]
    ? [Number(match[1]), match[2] ? Math.min(Number(match[2]), size - 1) : size - 1]
    : [Math.max(0, size - Number(match[2])), size - 1];
  return start <= end && start < size ? { start, end } : undefined;
}

/**
 * Only the content: the bytes with their media type, or base64 text with ?encodeBase64=true. Always a download
 * (`attachment`), never shown inline on this origin, with the file name RFC 6266-encoded (`filename*=UTF-8''…`)
 * so that any Unicode name works (contract §10); `nosniff` keeps browsers to the declared type. Streamed from the
 * blob store with its length and `ETag` (the SHA-256 digest, which never changes for these bytes): a client that
 * has them gets 304, and `Range` (with `If-Range`) resumes a download (206).
 */
export async function attachmentContent(found: Found, encodeBase64: boolean, headers: Headers = new Headers()): Promise<Response> {
  const { content } = found;
  const etag = `"${content.digest}"`;
  if (encodeBase64) {
    // Base64 text is not the file: no file name, but not shown inline either.
    return new Response(streamed([(await content.stream()).pipe(new Base64Encoder())]), {
      headers: {
        ...nosniff,
        'Content-Type': 'text/plain; charset=utf-8',
        'Content-Disposition': 'attachment',
        ...declaredLength(base64Length(content.size)),
      },
    });
  }
  const fileHeaders = {
    ...nosniff,
    'Content-Type': found.attachment.mimeType,
    'Content-Disposition': contentDisposition(found.attachment.originalFileName),
    ETag: etag,
    'Accept-Ranges': 'bytes',
  };
  const ifNoneMatch = headers.get('if-none-match');
  if (ifNoneMatch && (ifNoneMatch.trim() === '*' || ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag))) {
    return new Response(null, { status: 304, headers: { ETag: etag } });
  }
  const ifRange = headers.get('if-range');
  const range = !ifRange || ifRange.trim() === etag ? requestedRange(headers.get('range'), content.size) : undefined;
  if (range) {
    return new Response(streamed([await content.range(range)]), {
      status: 206,
      headers: { ...fileHeaders, ...declaredLength(range.end - range.start + 1), 'Content-Range': `bytes ${range.start}-${range.end}/${content.size}` },
    });
  }
  return new Response(streamed([await content.stream()]), { headers: { ...fileHeaders, ...declaredLength(content.size) } });
}
