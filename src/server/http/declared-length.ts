import http from 'node:http';

/**
 * The length a streamed answer declares. Next.js 16 drops `Content-Length` from every route handler's answer
 * (FORBIDDEN_HEADERS in next/dist/server/send-response.js, for bodies fetch may have decoded), so a download of a
 * file from the blob store would go out chunked, without its length: no progress, no check of completeness. The
 * handler declares it under this name instead, and the server itself moves it to `Content-Length` when the head is
 * written (`keepDeclaredLengths`), unless the answer is compressed on its way (then its length is another).
 */
export const DECLARED_LENGTH_HEADER = 'x-fds-content-length';

export function declaredLength(bytes: number): Record<string, string> {
  return { [DECLARED_LENGTH_HEADER]: String(bytes) };
}

const patched = globalThis as unknown as { __fdsDeclaredLengths?: boolean };

/** Once per process, like stampPeerAddress: every answer's declared length becomes its Content-Length. */
export function keepDeclaredLengths(): void {
  if (patched.__fdsDeclaredLengths) return;
  patched.__fdsDeclaredLengths = true;
  const writeHead = http.ServerResponse.prototype.writeHead as (this: http.ServerResponse, ...args: unknown[]) => http.ServerResponse;
  http.ServerResponse.prototype.writeHead = function writeHeadWithLength(this: http.ServerResponse, ...args: unknown[]) {
    const declared = this.getHeader(DECLARED_LENGTH_HEADER);
    if (declared !== undefined) {
      this.removeHeader(DECLARED_LENGTH_HEADER);
      const framed = this.hasHeader('content-length') || this.hasHeader('content-encoding') || this.hasHeader('transfer-encoding');
      if (!framed && /^\d+$/.test(String(declared))) this.setHeader('content-length', String(declared));
    }
    return writeHead.apply(this, args);
  } as typeof http.ServerResponse.prototype.writeHead;
}
