/**
 * The pure parts of issue 13's operations: route patterns and request ids (what logs and metrics are labelled
 * with), the Idempotency-Key's form and fingerprint, and the 429 of a rate limit in the one catalogue.
 */
import { describe, expect, it } from 'vitest';
import { httpStatusOf } from '@/lib/errors/catalogue';
import { ServiceError } from '@/server/errors';
import { requestIdOf, routePattern } from '@/server/observability/observe-request';
import { checkIdempotencyKey, fingerprintOf } from '@/server/services/operations/idempotency';
import { toTrpcError } from '@/server/trpc/errors';

describe('routePattern', () => {
  it('names each parameter instead of its value, so labels stay few and tokens in paths stay out of logs', () => {
    expect(routePattern('/api/freightdocuments/3c0d-11', { id: '3c0d-11' })).toBe('/api/freightdocuments/[id]');
    expect(routePattern('/api/accounts/activation/SECRET_TOKEN', { token: 'SECRET_TOKEN' })).toBe('/api/accounts/activation/[token]');
    expect(routePattern('/api/freightdocuments/a/subscriptions/b/deliveries', { id: 'a', subscriptionId: 'b' })).toBe(
      '/api/freightdocuments/[id]/subscriptions/[subscriptionId]/deliveries',
    );
  });

  it('counts /v1/api and a trailing slash as the same route (contract §1)', () => {
    expect(routePattern('/v1/api/freightdocuments/x/', { id: 'x' })).toBe('/api/freightdocuments/[id]');
    expect(routePattern('/api/heartbeat/', {})).toBe('/api/heartbeat');
  });

  it('compares percent-encoded segments with their decoded parameter', () => {
    expect(routePattern('/api/attachment/a%20b', { id: 'a b' })).toBe('/api/attachment/[id]');
  });
});

describe('requestIdOf', () => {
  it('keeps a sane incoming id', () => {
    expect(requestIdOf('lb-1234.abc:9/x+y=')).toBe('lb-1234.abc:9/x+y=');
  });

  it.each([null, '', 'a b', 'x'.repeat(129), 'id\u0000', '<script>', 'ä'])('replaces %j with a fresh UUID', (incoming) => {
    const id = requestIdOf(incoming);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(id).not.toBe(incoming);
  });
});

describe('Idempotency-Key', () => {
  it('accepts 1 to 255 visible ASCII characters', () => {
    expect(checkIdempotencyKey('a')).toBe('a');
    expect(checkIdempotencyKey('~'.repeat(255))).toBe('~'.repeat(255));
    expect(checkIdempotencyKey('9f0c1e2a-2b1d-4d5e-8c1e-1a2b3c4d5e6f')).toBe('9f0c1e2a-2b1d-4d5e-8c1e-1a2b3c4d5e6f');
  });

  it('refuses longer keys with 3.2 and other characters with 3.17, naming the header', () => {
    for (const [key, code] of [
      ['k'.repeat(256), '3.2'],
      ['a b', '3.17'],
      ['tab\there', '3.17'],
      ['clé', '3.17'],
    ] as const) {
      let error: unknown;
      try {
        checkIdempotencyKey(key);
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(ServiceError);
      expect((error as ServiceError).items).toEqual([expect.objectContaining({ code, field: 'Idempotency-Key' })]);
    }
  });

  it('fingerprints method, path and body so that no two differ only by where a part ends', () => {
    const base = fingerprintOf('POST', '/api/freightdocuments', '{"a":1}');
    expect(fingerprintOf('POST', '/api/freightdocuments', '{"a":1}')).toBe(base);
    expect(fingerprintOf('PUT', '/api/freightdocuments', '{"a":1}')).not.toBe(base);
    expect(fingerprintOf('POST', '/api/freightdocuments/x', '{"a":1}')).not.toBe(base);
    expect(fingerprintOf('POST', '/api/freightdocuments', '{"a":2}')).not.toBe(base);
    expect(fingerprintOf('ab', 'c')).not.toBe(fingerprintOf('a', 'bc'));
  });
});

describe('a rate limit in the catalogue', () => {
  it('answers 1.10 with 429 when a rate limit refused the request, and 403 otherwise', () => {
    expect(httpStatusOf('1.10', { rateLimited: true })).toBe(429);
    expect(httpStatusOf('1.10', { rateLimited: true, oauthEndpoint: true })).toBe(429);
    expect(httpStatusOf('1.10')).toBe(403);
  });

  it('maps to TOO_MANY_REQUESTS in tRPC', () => {
    expect(toTrpcError(new ServiceError([{ code: '1.10', description: 'x' }], { rateLimited: true })).code).toBe('TOO_MANY_REQUESTS');
    expect(toTrpcError(new ServiceError([{ code: '1.10', description: 'x' }])).code).toBe('FORBIDDEN');
  });
});
