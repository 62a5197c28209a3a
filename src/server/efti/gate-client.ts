import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { EftiSettings } from '@/server/config/env';

/** Contract §15: an identifier upload that has no answer after 30 s has failed (and is retried). */
export const GATE_TIMEOUT_MS = 30_000;

export type GateOutcome = { ok: true; httpStatus: number } | { ok: false; httpStatus?: number; error: string };

function describeFailure(error: unknown, timedOut: boolean): string {
  if (timedOut) return `timed out after ${GATE_TIMEOUT_MS / 1000} s`;
  const code = (error as { code?: unknown })?.code;
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (code === 'ECONNRESET') return 'connection reset';
  return typeof code === 'string' ? `request failed (${code})` : 'request failed';
}

/**
 * `PUT {EFTI_GATE_URL}/v0/consignments/{datasetId}` (REF gate-api-for-platform.yaml) with the identifier subset as
 * `application/xml`, Basic EFTI_GATE_USERNAME/PASSWORD and, when configured, the client certificate. Any 2xx
 * succeeds; the answer's body is not read. The gate is the operator's own setting, so no address check applies.
 */
export function putIdentifiers(settings: EftiSettings, datasetId: string, xml: string, signal: AbortSignal): Promise<GateOutcome> {
  const url = new URL(`${settings.gateUrl}/v0/consignments/${encodeURIComponent(datasetId)}`);
  const secure = url.protocol === 'https:';
  const timeout = AbortSignal.timeout(GATE_TIMEOUT_MS);
  const combined = AbortSignal.any([signal, timeout]);
  const outbound = settings.outbound;
  const certificate = settings.clientCertificate;
  return new Promise<GateOutcome>((resolve) => {
    const request = (secure ? https : http).request(
      url,
      {
        method: 'PUT',
        headers: {
          'Content-Type': 'application/xml',
          'Content-Length': String(Buffer.byteLength(xml)),
          'User-Agent': 'FreightDocumentService-eFTI/1',
          ...(outbound ? { Authorization: `Basic ${Buffer.from(`${outbound.username}:${outbound.password}`).toString('base64')}` } : {}),
        },
        agent: false,
        signal: combined,
        ...(secure && certificate ? { cert: fs.readFileSync(certificate.certFile), key: fs.readFileSync(certificate.keyFile) } : {}),
      },
      (response) => {
        const httpStatus = response.statusCode ?? 0;
        response.resume();
        resolve(httpStatus >= 200 && httpStatus < 300 ? { ok: true, httpStatus } : { ok: false, httpStatus, error: `HTTP ${httpStatus}` });
      },
    );
    request.on('error', (error) => resolve({ ok: false, error: describeFailure(error, timeout.aborted) }));
    request.end(xml);
  });
}
