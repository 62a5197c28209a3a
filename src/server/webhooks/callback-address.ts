import dns from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Name resolution, replaceable in tests. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (hostname) =>
  (await dns.promises.lookup(hostname, { all: true, verbatim: true })).map((entry) => ({ address: entry.address, family: entry.family === 6 ? 6 : 4 }));

const RESOLVE_TIMEOUT_MS = 5_000;
const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96');

/**
 * Only globally routable unicast addresses are public. ipaddr.js names every special range (loopback,
 * private, link-local, unique-local, CGNAT, multicast, documentation, …); IPv4-mapped IPv6 counts as IPv4.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  // The deprecated IPv4-compatible range ::/96 (RFC 4291 §2.5.5.1): `[::127.0.0.1]` is written `[::7f00:1]` by URL
  // parsing and ipaddr.js calls that unicast, while some stacks still route it to 127.0.0.1.
  const written = ipaddr.parse(address);
  if (written.kind() === 'ipv6' && written.match(IPV4_COMPATIBLE)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

export type AddressCheck = { ok: true; target: ResolvedAddress } | { ok: false; reason: 'UNRESOLVABLE' | 'NOT_PUBLIC' };

/**
 * Where a callback URL leads (contract §11): the address its host resolves to, refused when any address the
 * name has is not public (unless private networks are allowed). The caller connects to exactly this address,
 * so a second DNS answer cannot lead the request elsewhere.
 */
export async function checkCallbackAddress(url: URL, options: { allowPrivate: boolean; resolve?: Resolver }): Promise<AddressCheck> {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: ResolvedAddress[];
  if (net.isIP(host)) addresses = [{ address: host, family: net.isIP(host) === 6 ? 6 : 4 }];
  else {
    let timer: NodeJS.Timeout | undefined;
    try {
      addresses = await Promise.race([
        (options.resolve ?? systemResolver)(host),
        new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('resolution timed out')), RESOLVE_TIMEOUT_MS))),
      ]);
    } catch {
      return { ok: false, reason: 'UNRESOLVABLE' };
    } finally {
      clearTimeout(timer);
    }
  }
  if (addresses.length === 0) return { ok: false, reason: 'UNRESOLVABLE' };
  if (!options.allowPrivate && addresses.some((entry) => !isPublicAddress(entry.address))) return { ok: false, reason: 'NOT_PUBLIC' };
  return { ok: true, target: addresses[0]! };
}

/** A callback URL fit for a log line: scheme, host, port and path; never the query (it may carry the receiver's key) or credentials. */
export function loggableUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
  } catch {
    return '(invalid URL)';
  }
}
