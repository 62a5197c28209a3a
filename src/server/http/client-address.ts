import http from 'node:http';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * The address of the socket a request came in on, stamped on the request by the server itself (see
 * `stampPeerAddress`). Next.js route handlers see no socket, and the `X-Forwarded-For` that Next.js fills in is
 * the client's own when the client sent one, so neither can say who is asking.
 */
export const PEER_ADDRESS_HEADER = 'x-fds-peer-address';

const stamped = globalThis as unknown as { __fdsPeerAddressStamped?: boolean };

/**
 * Once per process, before Next.js sees a request: every incoming request carries its socket's address in
 * PEER_ADDRESS_HEADER, replacing whatever a client wrote there.
 */
export function stampPeerAddress(): void {
  if (stamped.__fdsPeerAddressStamped) return;
  stamped.__fdsPeerAddressStamped = true;
  const emit = http.Server.prototype.emit as (this: http.Server, event: string | symbol, ...args: unknown[]) => boolean;
  http.Server.prototype.emit = function stampingEmit(this: http.Server, event: string | symbol, ...args: unknown[]) {
    if (event === 'request') {
      const request = args[0] as http.IncomingMessage;
      request.headers[PEER_ADDRESS_HEADER] = request.socket?.remoteAddress ?? '';
    }
    return emit.call(this, event, ...args);
  } as typeof http.Server.prototype.emit;
}

/**
 * Whom a per-address limit counts (issue 20): with TRUST_PROXY=true the address the proxy in front of us appended
 * last to `X-Forwarded-For` (the entries before it are the client's word), otherwise the socket's peer; an IPv6
 * client by its /64 (contract §1, issue 32: one host is given a /64 and could walk through it, a new address per
 * request).
 */
export function clientAddress(headers: Headers, trustProxy: boolean): string {
  return limitBucketOf(peerOrForwarded(headers, trustProxy));
}

/** The bucket of a per-address limit: an IPv4 address (an IPv4-mapped IPv6 one too) as is, an IPv6 one by its /64. */
export function limitBucketOf(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const prefix = (parsed as ipaddr.IPv6).parts.slice(0, 4).concat([0, 0, 0, 0]);
  return `${new ipaddr.IPv6(prefix).toString()}/64`;
}

function peerOrForwarded(headers: Headers, trustProxy: boolean): string {
  const peer = headers.get(PEER_ADDRESS_HEADER)?.trim();
  if (trustProxy) {
    const forwarded = headers
      .get('x-forwarded-for')
      ?.split(',')
      .map((entry) => entry.trim())
      .filter((entry) => net.isIP(entry));
    if (forwarded?.length) return forwarded.at(-1)!;
  }
  return peer || 'unknown';
}
