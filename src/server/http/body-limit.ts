import { NextRequest } from 'next/server';
import { BODY_LENGTH_FIELD } from '@/lib/errors/catalogue';
import { getConfig } from '@/server/config/env';
import { fail } from '@/server/errors';

function tooLarge(limit: number): never {
  fail('2.4', BODY_LENGTH_FIELD, { description: `The request body is larger than ${limit} bytes.` });
}

/**
 * Contract §1: a body over MAX_BODY_BYTES is 2.4 (413) before any of it is read. This is the check by the
 * declared length; `readBodyText` counts the bytes of bodies that declare none (chunked) or lie.
 */
export function refuseDeclaredOversize(headers: Headers, limit = getConfig().MAX_BODY_BYTES): void {
  const declared = headers.get('content-length')?.trim();
  if (declared && /^\d+$/.test(declared) && Number(declared) > limit) tooLarge(limit);
}

/**
 * The body as text, read chunk by chunk and given up at the first byte over the limit, so that no body larger
 * than MAX_BODY_BYTES is ever held in memory. The rest of an oversized upload is left unread: Node discards it
 * after the answer (closing instead would reset the connection and could lose the 413 on its way).
 */
export async function readBodyText(request: Request, limit = getConfig().MAX_BODY_BYTES): Promise<string> {
  refuseDeclaredOversize(request.headers, limit);
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      reader.releaseLock();
      tooLarge(limit);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * For handlers that read the body themselves (tRPC, next-auth): the same request with its body read under the
 * limit first, so they only ever see a body that fits.
 */
export async function withLimitedBody(request: NextRequest): Promise<NextRequest> {
  if (request.method === 'GET' || request.method === 'HEAD') return request;
  const text = await readBodyText(request);
  return new NextRequest(request.url, { method: request.method, headers: request.headers, body: text });
}
