import type { z } from 'zod';
import type { ErrorCode } from '@/lib/errors/catalogue';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** One representation of an answer: a zod schema (JSON), or text/bytes of another media type. */
export interface Representation {
  schema?: z.ZodType;
  /** Not JSON: the body is text (`text`) or bytes (`binary`). */
  format?: 'text' | 'binary';
  example?: unknown;
}

export interface SuccessAnswer {
  status: number;
  description: string;
  /** Media type → representation; none for 204/205/30x. */
  content?: Record<string, Representation>;
  /** Response headers worth naming (Location, Cache-Control …). */
  headers?: Record<string, string>;
}

/**
 * One REST operation as the OpenAPI document describes it. The schemas are the ones the endpoints parse with
 * (src/lib/schemas), so the document cannot drift from the code; the error codes per operation are the ones
 * its service can answer beside those every endpoint of its kind can (see document.ts).
 */
export interface ApiOperation {
  method: HttpMethod;
  /** OpenAPI path template under the server root `/api`, e.g. `/freightdocuments/{id}`. */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  /** `bearer`: an access token; `client`: Basic client credentials; `none`: public. */
  auth: 'bearer' | 'client' | 'none';
  /**
   * What the reference says authenticates the caller, where it differs from `auth`: the OAuth endpoints take the client
   * system's Basic credentials, the eFTI gate's routes the gate's own (`eftiGate`: no account, no client system, so
   * neither rate limits nor kept answers apply to them).
   */
  security?: 'client' | 'eftiGate';
  /** Request headers the operation reads, beside `Idempotency-Key` (a download's `Range`, the gate's `X-Request-ID`). */
  requestHeaders?: z.ZodObject;
  /** `examples`: several named examples (one per grant of the token endpoint), shown instead of `example`. */
  /** `text`: a `text/plain` body (the eFTI follow-up), not JSON. */
  body?: {
    schema: z.ZodType;
    example: unknown;
    examples?: Record<string, { summary: string; value: unknown }>;
    form?: boolean;
    text?: boolean;
    optional?: boolean;
  };
  query?: z.ZodObject;
  /** Example values for the path and query parameters (the example request). */
  parameterExamples?: Record<string, string>;
  success: SuccessAnswer[];
  errors: ErrorCode[];
  /** The OAuth endpoints answer errors with the RFC 6749 fields too, and 1.7/1.13 as 400. */
  oauth?: boolean;
}

const PGP_MEDIA = 'application/vnd.freightdocument.v1+pgp-signature';

/** A PDF answer (the consignment note, the receipt) under the file name its `Content-Disposition` gives. */
export function pdfAnswer(fileName: string, example: string): SuccessAnswer {
  return {
    status: 200,
    description: `The PDF; \`Content-Disposition: inline; filename="${fileName}"\`.`,
    headers: { 'Content-Disposition': `inline; filename="${example}"` },
    content: { 'application/pdf': { format: 'binary' } },
  };
}

/** A PGP cleartext-signed answer (contract §9) with an example of its armor. */
export function signedAnswer(example: string): SuccessAnswer {
  return { status: 200, description: `The signed message (\`${PGP_MEDIA}\`).`, content: { [PGP_MEDIA]: { format: 'text', example } } };
}
