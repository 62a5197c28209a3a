import { NextRequest } from 'next/server';
import { BODY_LENGTH_FIELD } from '@/lib/errors/catalogue';
import { getConfig } from '@/server/config/env';
import { errorItem, fail, ServiceError } from '@/server/errors';
import { FileContentSplitter, type StageFile } from './file-content-splitter';

/**
 * The one gate every request body passes (contract §1), for the REST wrapper, the tRPC handler and next-auth alike:
 * its size by the kind of route, and its JSON nesting, both checked on the bytes as they arrive, before any parser
 * sees them. A body that nests too deep is refused at its 65th bracket, not after JSON.parse built it.
 */

/** `files`: routes that carry files (documents, attachments, approvals, comments, images); `small`: all others. */
export type BodyKind = 'small' | 'files';

/** Contract §1: bodies of routes that carry no files are limited to 1 MiB. */
export const SMALL_BODY_BYTES = 1_048_576;

/** JSON bodies nest at most this deep (the top-level value is level 1). */
export const MAX_JSON_DEPTH = 64;

export function bodyLimitOf(kind: BodyKind): number {
  const max = getConfig().MAX_BODY_BYTES;
  return kind === 'files' ? max : Math.min(SMALL_BODY_BYTES, max);
}

function tooLarge(limit: number): never {
  fail('2.4', BODY_LENGTH_FIELD, { description: `The request body is larger than ${limit} bytes.` });
}

export function tooDeep(maxDepth = MAX_JSON_DEPTH): ServiceError {
  return new ServiceError([errorItem('2.4', undefined, `The request body nests deeper than ${maxDepth} levels.`)]);
}

/**
 * A body over the limit is 2.4 (413) before any of it is read. This is the check by the declared length;
 * `readBodyText` counts the bytes of bodies that declare none (chunked) or lie.
 */
export function refuseDeclaredOversize(headers: Headers, limit = getConfig().MAX_BODY_BYTES): void {
  const declared = headers.get('content-length')?.trim();
  if (declared && /^\d+$/.test(declared) && Number(declared) > limit) tooLarge(limit);
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const [OPEN_ARRAY, OPEN_OBJECT, CLOSE_ARRAY, CLOSE_OBJECT] = [0x5b, 0x7b, 0x5d, 0x7d];

/**
 * Counts `[` and `{` outside JSON strings (escapes honoured) across chunks. Bytes of multi-byte UTF-8 characters are
 * all ≥ 0x80, so scanning bytes never mistakes one for a bracket or a quote. Not a validator: JSON.parse still
 * decides whether the body is JSON; this only makes sure it is never handed a body that nests too deep.
 */
export class NestingScanner {
  private depth = 0;
  private inString = false;
  private escaped = false;

  constructor(private readonly maxDepth = MAX_JSON_DEPTH) {}

  push(bytes: Uint8Array): void {
    for (let index = 0; index < bytes.length; index += 1) {
      const byte = bytes[index]!;
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (byte === BACKSLASH) this.escaped = true;
        else if (byte === QUOTE) this.inString = false;
      } else if (byte === QUOTE) this.inString = true;
      else if (byte === OPEN_ARRAY || byte === OPEN_OBJECT) {
        this.depth += 1;
        if (this.depth > this.maxDepth) throw tooDeep(this.maxDepth);
      } else if ((byte === CLOSE_ARRAY || byte === CLOSE_OBJECT) && this.depth > 0) this.depth -= 1;
    }
  }
}

/**
 * The body as text, read chunk by chunk: given up at the first byte over the route's limit (413) or at the first
 * bracket too deep (400), so that no larger body is ever held in memory and no parser ever sees a deep one. The rest
 * of a refused upload is left unread: Node discards it after the answer (closing instead would reset the connection
 * and could lose the answer on its way).
 *
 * With `stageFile`, on the routes that carry files, long `content` values are streamed into the blob store as they
 * arrive (file-content-splitter.ts) and the text holds their tokens instead: whatever parses the text then (here,
 * or on another thread) sees a body of kilobytes, and the verbs find the files by their tokens.
 */
export async function readBodyText(request: Request, kind: BodyKind, stageFile?: StageFile): Promise<string> {
  const limit = bodyLimitOf(kind);
  refuseDeclaredOversize(request.headers, limit);
  if (!request.body) return '';
  const reader = request.body.getReader();
  const scanner = new NestingScanner();
  const splitter = kind === 'files' && stageFile ? new FileContentSplitter(stageFile) : undefined;
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > limit) tooLarge(limit);
      scanner.push(value);
      if (splitter) await splitter.push(value);
      else chunks.push(value);
    }
  } catch (error) {
    splitter?.abort(error instanceof Error ? error : new Error(String(error)));
    reader.releaseLock();
    throw error;
  }
  return splitter ? splitter.finish() : Buffer.concat(chunks).toString('utf8');
}

/**
 * For handlers that read the body themselves (tRPC, next-auth): the same request with its body passed through the
 * gate first, so they only ever see a body that fits and nests within the limit.
 */
export async function withGatedBody(request: NextRequest, kind: BodyKind, stageFile?: StageFile): Promise<NextRequest> {
  if (request.method === 'GET' || request.method === 'HEAD') return request;
  const text = await readBodyText(request, kind, stageFile);
  return new NextRequest(request.url, { method: request.method, headers: request.headers, body: text });
}
