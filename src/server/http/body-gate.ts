import { setImmediate as yieldToOthers } from 'node:timers/promises';
import { NextRequest } from 'next/server';
import { BODY_LENGTH_FIELD, CONTENT_TYPE_FIELD } from '@/lib/errors/catalogue';
import { getConfig } from '@/server/config/env';
import { fail } from '@/server/errors';
import { FileContentSplitter, type StageFile } from './file-content-splitter';
import { FormFieldCounter, JsonShapeCounter, TOKENIZE_SLICE_BYTES } from './json-shape-counter';
import { isJsonContentType } from './negotiate';

export { MAX_JSON_DEPTH, MAX_JSON_VALUES, MAX_KEYS_PER_OBJECT, tooDeep } from './json-shape-counter';

/**
 * The one gate every request body passes (contract §1), for the REST wrapper, the tRPC handler, next-auth and the
 * portal's locale route alike: its size by the kind of route, and the shape of a JSON body (depth, keys per object,
 * values), all checked on the bytes as they arrive, before any parser sees them. A body over a limit is refused at the
 * byte or token that goes over it, not after JSON.parse built it; and the gate gives the thread to other requests
 * every few milliseconds while it reads, so no body holds it (contract §1: 100 ms).
 */

/**
 * `files`: routes that carry files (documents, attachments, approvals, comments, images), up to MAX_BODY_BYTES;
 * `image`: the hand-over page's one signature image (a procedure that needs no session), 2 MiB; `small`: all others, 1 MiB.
 */
export type BodyKind = 'small' | 'image' | 'files';

/** Contract §1: bodies of routes that carry no files are limited to 1 MiB. */
export const SMALL_BODY_BYTES = 1_048_576;
/** Contract §1: the hand-over page's photo upload (no session): 2 MiB, one image. */
export const IMAGE_BODY_BYTES = 2 * 1_048_576;

export function bodyLimitOf(kind: BodyKind): number {
  const max = getConfig().MAX_BODY_BYTES;
  if (kind === 'files') return max;
  return Math.min(kind === 'image' ? IMAGE_BODY_BYTES : SMALL_BODY_BYTES, max);
}

/** What the body is counted as: JSON (tokens), a form (fields), or neither (its bytes only: the route never parses it). */
export type BodyShape = 'json' | 'form' | 'bytes';

/** The gate works at most about this long in one turn of the event loop, all bodies together, then lets others run. */
const SLICE_MS = 4;

/**
 * One budget for every body being read, not one per body: with one per body, 13 bodies at once took 13 slices per
 * turn of the event loop and the heartbeat waited for all of them. Every body over the budget waits for the same
 * next turn; the budget starts again once there, after the turn's I/O (a heartbeat, say) was served.
 */
let budgetStarted = performance.now();
let nextTurn: Promise<void> | undefined;

function pace(): Promise<void> | undefined {
  if (performance.now() - budgetStarted <= SLICE_MS) return undefined;
  nextTurn ??= yieldToOthers().then(() => {
    nextTurn = undefined;
    budgetStarted = performance.now();
  });
  return nextTurn;
}

function tooLarge(limit: number): never {
  fail('2.4', BODY_LENGTH_FIELD, { description: `The request body is larger than ${limit} bytes.` });
}

/**
 * A body over the limit is 2.4 (413) before any of it is read. This is the check by the declared length;
 * `readBodyText` counts the bytes of bodies that declare none (chunked) or lie.
 */
export function refuseDeclaredOversize(headers: Headers, limit = getConfig().MAX_BODY_BYTES): void {
  const declared = headers.get('content-length')?.trim();
  if (declared && /^\d+$/.test(declared) && Number(declared) > limit) tooLarge(limit);
}

/**
 * The body as text, read chunk by chunk: given up at the first byte over the route's limit (413), at the first
 * token over a count (413) or too deep (400), or at the first byte that is no JSON (400), so that no larger body is
 * ever held in memory and no parser ever sees one outside the limits. `shape` says how it is counted. The rest
 * of a refused upload is left unread: Node discards it after the answer (closing instead would reset the connection
 * and could lose the answer on its way).
 *
 * With `stageFile`, on the routes that carry files, long `content` values are streamed into the blob store as they
 * arrive (file-content-splitter.ts) and the text holds their tokens instead: whatever parses the text then (here,
 * or on another thread) sees a body of kilobytes, and the verbs find the files by their tokens.
 */
export async function readBodyText(request: Request, kind: BodyKind, stageFile?: StageFile, shape: BodyShape = 'json'): Promise<string> {
  const limit = bodyLimitOf(kind);
  refuseDeclaredOversize(request.headers, limit);
  if (!request.body) return '';
  const reader = request.body.getReader();
  const counter = shape === 'json' ? new JsonShapeCounter() : shape === 'form' ? new FormFieldCounter() : undefined;
  // On a files route the counter sees the body after the splitter, with each cut file as one short string.
  const splitter = kind === 'files' && stageFile ? new FileContentSplitter(stageFile, (bytes) => counter?.push(bytes)) : undefined;
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > limit) tooLarge(limit);
      // A buffered body's chunks come without a turn of the event loop between them: the gate takes turns itself.
      for (let offset = 0; offset < value.byteLength; offset += TOKENIZE_SLICE_BYTES) {
        // Waits while this turn's budget is spent, checked again after each wait (others may have spent it first).
        for (let turn = pace(); turn; turn = pace()) await turn;
        const slice = value.subarray(offset, offset + TOKENIZE_SLICE_BYTES);
        if (splitter) await splitter.push(slice);
        else {
          counter?.push(slice);
          chunks.push(slice);
        }
      }
    }
    if (!splitter) counter?.finish();
  } catch (error) {
    splitter?.abort(error instanceof Error ? error : new Error(String(error)));
    reader.releaseLock();
    throw error;
  }
  if (!splitter) return Buffer.concat(chunks).toString('utf8');
  const text = await splitter.finish();
  counter?.finish();
  return text;
}

/**
 * For handlers that read the body themselves (tRPC, next-auth): the same request with its body passed through the
 * gate first, so they only ever see a body that fits the limits of size and shape.
 */
export async function withGatedBody(
  request: NextRequest,
  kind: BodyKind,
  shape: BodyShape,
  stageFile?: StageFile,
): Promise<{ request: NextRequest; text: string | undefined }> {
  if (request.method === 'GET' || request.method === 'HEAD') return { request, text: undefined };
  const text = await readBodyText(request, kind, stageFile, shape);
  return { request: new NextRequest(request.url, { method: request.method, headers: request.headers, body: text }), text };
}

/**
 * For a door that parses JSON only (tRPC): a body of any other type is 2.6 (415) before it is read. tRPC's own
 * multipart and octet-stream handlers would parse such a body past the gate; the portal never sends one.
 */
export function requireJsonBody(request: Request): void {
  if (request.method === 'GET' || request.method === 'HEAD') return;
  if (!isJsonContentType(request.headers.get('content-type'))) {
    fail('2.6', CONTENT_TYPE_FIELD, { description: 'Content-Type must be application/json.' });
  }
}
