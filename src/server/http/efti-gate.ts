import type { NextRequest } from 'next/server';
import { eftiSettings, getConfig } from '@/server/config/env';
import { checkGateCredentials } from '@/server/services/efti/gate-credentials';
import type { GateAnswer } from '@/server/services/efti/gate-answer';
import { PEER_ADDRESS_HEADER } from './client-address';
import { routeWhile } from './route';

/**
 * Contract §15: without the eFTI settings its routes do not exist (2.2, 404, whatever the method), so a service that
 * never switched eFTI on looks exactly as before. The settings are read per request (they are parsed once).
 */
export function whileEftiOn(methods: Parameters<typeof routeWhile>[1]) {
  return routeWhile(() => !!eftiSettings(getConfig()), methods);
}

/** The gate's authentication (Basic, or its certificate's subject from a trusted proxy), before the body is read. */
export function authenticateGate(request: NextRequest): void {
  const settings = eftiSettings(getConfig())!;
  const certificate = settings.inboundCertificate;
  checkGateCredentials(settings, {
    authorization: request.headers.get('authorization'),
    certificateSubject: certificate ? request.headers.get(certificate.header) : null,
    peerAddress: request.headers.get(PEER_ADDRESS_HEADER) ?? '',
  });
}

/** The gate's answer as it was recorded: the same bytes. */
export function gateResponse(answer: GateAnswer): Response {
  return new Response(answer.status === 204 ? null : answer.body, {
    status: answer.status,
    headers: answer.contentType ? { 'Content-Type': answer.contentType } : {},
  });
}

/** What the gate may ask to receive: the data set is XML, refusals JSON (contract §15); neither is refused for its Accept. */
export const GATE_MEDIA = ['application/xml', 'text/xml', 'application/json'] as const;
