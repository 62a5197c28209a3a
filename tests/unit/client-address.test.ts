/**
 * Whom a per-address limit counts (issue 20): the socket's peer, stamped by the server, unless TRUST_PROXY=true,
 * when the address the proxy appended last to X-Forwarded-For counts; what a client writes itself never does.
 */
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientAddress, limitBucketOf, PEER_ADDRESS_HEADER, stampPeerAddress } from '@/server/http/client-address';

describe('clientAddress', () => {
  const headers = (values: Record<string, string>) => new Headers(values);

  it('without TRUST_PROXY: the peer, whatever X-Forwarded-For says', () => {
    expect(clientAddress(headers({ [PEER_ADDRESS_HEADER]: '203.0.113.7', 'x-forwarded-for': '198.51.100.1' }), false)).toBe('203.0.113.7');
    expect(clientAddress(headers({}), false)).toBe('unknown');
  });

  it('with TRUST_PROXY: the last address of X-Forwarded-For (the proxy’s), not the client’s own entries', () => {
    const forwarded = headers({ [PEER_ADDRESS_HEADER]: '10.0.0.2', 'x-forwarded-for': '1.2.3.4, 198.51.100.9' });
    expect(clientAddress(forwarded, true)).toBe('198.51.100.9');
    expect(clientAddress(headers({ [PEER_ADDRESS_HEADER]: '10.0.0.2', 'x-forwarded-for': 'not an address' }), true)).toBe('10.0.0.2');
  });
});

describe('limitBucketOf (contract §1, issue 32)', () => {
  it('counts an IPv6 client by its /64, an IPv4 one (an IPv4-mapped one too) by its address', () => {
    expect(limitBucketOf('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(limitBucketOf('2001:0db8:0001:0002:ffff::1')).toBe('2001:db8:1:2::/64');
    expect(limitBucketOf('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(limitBucketOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(limitBucketOf('203.0.113.7')).toBe('203.0.113.7');
    expect(limitBucketOf('unknown')).toBe('unknown');
    expect(clientAddress(new Headers({ [PEER_ADDRESS_HEADER]: '2001:db8:1:2::99' }), false)).toBe('2001:db8:1:2::/64');
  });
});

describe('stampPeerAddress', () => {
  let server: http.Server;
  let port = 0;
  beforeAll(async () => {
    stampPeerAddress();
    server = http.createServer((request, response) => response.end(String(request.headers[PEER_ADDRESS_HEADER])));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('replaces whatever the client wrote in the header with the socket’s address', async () => {
    const reply = await fetch(`http://127.0.0.1:${port}/`, { headers: { [PEER_ADDRESS_HEADER]: '8.8.8.8' } });
    expect(await reply.text()).toBe('127.0.0.1');
  });
});
