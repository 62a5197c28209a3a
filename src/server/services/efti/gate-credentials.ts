import crypto from 'node:crypto';
import ipaddr from 'ipaddr.js';
import type { EftiSettings } from '@/server/config/env';
import { fail } from '@/server/errors';

/** Contract §15: refusals of the gate's credentials name the realm `efti`. */
export const GATE_CHALLENGE = 'Basic realm="efti"';

export interface GateCredentials {
  /** The `Authorization` header. */
  authorization: string | null;
  /** The value of EFTI_INBOUND_CERT_HEADER, as the reverse proxy wrote it. */
  certificateSubject: string | null;
  /** The address the request came from (the socket's peer). */
  peerAddress: string;
}

/** Compared as digests, so that neither the length nor the content of a secret shows in the time taken. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => crypto.createHash('sha256').update(value, 'utf8').digest();
  return crypto.timingSafeEqual(digest(given), digest(expected));
}

function basicCredentials(header: string | null): { username: string; password: string } | undefined {
  if (!header || !/^basic /i.test(header)) return undefined;
  const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? undefined : { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

function fromTrustedProxy(peerAddress: string, trusted: string[]): boolean {
  if (!ipaddr.isValid(peerAddress)) return false;
  const peer = ipaddr.process(peerAddress);
  return trusted.some((entry) => {
    if (!entry.includes('/')) return ipaddr.process(entry).toString() === peer.toString();
    const [range, bits] = ipaddr.parseCIDR(entry);
    return peer.kind() === range.kind() && peer.match([range, bits] as never);
  });
}

/**
 * The gate's authentication (contract §15, Impl. Reg. 2025/2243: the platform checks the gate's credentials): Basic
 * EFTI_INBOUND_USERNAME/PASSWORD, or the subject of the gate's client certificate in EFTI_INBOUND_CERT_HEADER as set
 * by a reverse proxy at one of EFTI_TRUSTED_PROXIES (from anywhere else the header is not believed). No credentials
 * at all: 1.1; credentials that do not match: 1.6.
 */
export function checkGateCredentials(settings: EftiSettings, request: GateCredentials): void {
  const hints = { challenge: GATE_CHALLENGE };
  const basic = basicCredentials(request.authorization);
  const certificate = settings.inboundCertificate;
  const subject =
    certificate && request.certificateSubject && fromTrustedProxy(request.peerAddress, certificate.trustedProxies) ? request.certificateSubject : null;
  if (!basic && !subject && !request.authorization) fail('1.1', undefined, hints);
  const basicMatches =
    !!basic &&
    !!settings.inboundBasic &&
    sameSecret(basic.username, settings.inboundBasic.username) &&
    sameSecret(basic.password, settings.inboundBasic.password);
  const subjectMatches = !!subject && sameSecret(subject, certificate!.subject);
  if (!basicMatches && !subjectMatches) fail('1.6', undefined, hints);
}
