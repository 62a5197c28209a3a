import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { ResolvedAddress } from './callback-address';

/** Spec §6: the body is JSON in UTF-8, and says so. */
export const WEBHOOK_CONTENT_TYPE = 'application/json;charset=UTF-8';
/** Contract §11: a request gives up after 10 s (WEBHOOK_TIMEOUT_MS, shorter only in tests of hanging receivers). */
export const WEBHOOK_TIMEOUT_MS = 10_000;

export type PostOutcome = { ok: true; httpStatus: number } | { ok: false; httpStatus?: number; error: string };

/** A lookup that answers every name with the address already checked: the connection goes nowhere else. */
function pinnedLookup(target: ResolvedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) (callback as (error: null, addresses: { address: string; family: number }[]) => void)(null, [target]);
    else callback(null, target.address, target.family);
  };
}

/** A short description of a transport failure: error codes only, never the URL (its query may hold a key). */
function describeFailure(error: unknown, timedOut: boolean, timeoutMs: number): string {
  if (timedOut) return `timed out after ${timeoutMs / 1000} s`;
  const code = (error as { code?: unknown })?.code;
  switch (code) {
    case 'ECONNREFUSED':
      return 'connection refused';
    case 'ECONNRESET':
      return 'connection reset';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'host unreachable';
    case 'ABORT_ERR':
      return 'aborted';
    default:
      return typeof code === 'string' ? `request failed (${code})` : 'request failed';
  }
}

/**
 * One POST of a webhook (spec §6, contract §11) to `target`, the address its host name was checked at, with
 * the Host header and TLS server name of the URL. No redirect is followed (a 3xx is a failure); any 2xx is
 * success; the request gives up after `timeoutMs` (10 s) or when `signal` aborts. The answer's body is not read.
 */
export function postWebhook(input: {
  url: URL;
  target: ResolvedAddress;
  headers: Record<string, string>;
  body: string;
  signal: AbortSignal;
  timeoutMs?: number;
  /** Extra trusted certificates (tests only). */
  ca?: string | Buffer;
}): Promise<PostOutcome> {
  const { url, target } = input;
  const secure = url.protocol === 'https:';
  const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const timeoutMs = input.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = AbortSignal.any([input.signal, timeout]);
  return new Promise<PostOutcome>((resolve) => {
    const options: https.RequestOptions = {
      method: 'POST',
      hostname,
      port: url.port || (secure ? 443 : 80),
      path: `${url.pathname}${url.search}`,
      headers: {
        ...input.headers,
        'Content-Type': WEBHOOK_CONTENT_TYPE,
        'Content-Length': String(Buffer.byteLength(input.body)),
        'User-Agent': 'FreightDocumentService-Webhooks/1',
      },
      ...(url.username ? { auth: `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}` } : {}),
      // One connection per attempt: a pooled socket could belong to another address.
      agent: false,
      lookup: pinnedLookup(target),
      signal,
      // TLS checks the certificate against the URL's host name (the agent sets SNI from it, not from the address).
      ...(secure && input.ca ? { ca: input.ca } : {}),
    };
    const request = (secure ? https : http).request(options, (response) => {
      const httpStatus = response.statusCode ?? 0;
      response.destroy();
      resolve(httpStatus >= 200 && httpStatus < 300 ? { ok: true, httpStatus } : { ok: false, httpStatus, error: `HTTP ${httpStatus}` });
    });
    request.on('error', (error) => resolve({ ok: false, error: describeFailure(error, timeout.aborted, timeoutMs) }));
    request.end(input.body);
  });
}
