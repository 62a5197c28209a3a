/**
 * The REST wrapper's header handling: Basic and Bearer credentials (spec §5) and content negotiation
 * (contract §1).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { httpStatusOf, ServiceError } from '@/server/errors';
import { parseBasicAuth, parseBearer } from '@/server/http/auth';
import { isFormContentType, isJsonContentType, JSON_MEDIA, negotiateMedia } from '@/server/http/negotiate';

const basic = (pair: string) => `Basic ${Buffer.from(pair, 'utf8').toString('base64')}`;

describe('parseBasicAuth', () => {
  it('round-trips any client id and secret form-urlencoded before base64 (RFC 6749 §2.3.1)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', minLength: 1 }), fc.string({ unit: 'grapheme' }), (clientId, clientSecret) => {
        const header = basic(`${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`);
        expect(parseBasicAuth(header)).toEqual({ clientId, clientSecret });
      }),
    );
  });

  it('round-trips credentials sent without urlencoding when they are URL-safe, as the admin command issues them', () => {
    const urlSafe = fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/);
    fc.assert(
      fc.property(urlSafe, urlSafe, (clientId, clientSecret) => {
        expect(parseBasicAuth(basic(`${clientId}:${clientSecret}`))).toEqual({ clientId, clientSecret });
      }),
    );
  });

  it('splits at the first colon, so a secret may contain colons', () => {
    expect(parseBasicAuth(basic('id:se:cr:et'))).toEqual({ clientId: 'id', clientSecret: 'se:cr:et' });
  });

  it('accepts the scheme in any case and surrounding spaces', () => {
    expect(parseBasicAuth(`bAsIc   ${Buffer.from('a:b').toString('base64')}  `)).toEqual({ clientId: 'a', clientSecret: 'b' });
  });

  it('keeps a value that is not valid urlencoding as it is', () => {
    expect(parseBasicAuth(basic('id%zz:100%'))).toEqual({ clientId: 'id%zz', clientSecret: '100%' });
  });

  it('gives undefined for a missing header, another scheme, no colon or an empty client id', () => {
    for (const header of [null, '', 'Bearer abc', 'Basic', basic('no-colon-here'), basic(':secret-only'), 'Digest username="a"']) {
      expect(parseBasicAuth(header), String(header)).toBeUndefined();
    }
  });
});

describe('parseBearer', () => {
  it('returns the token of any Bearer header, whatever the scheme case and spacing', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9._~+/-]+=*$/), fc.constantFrom('Bearer', 'bearer', 'BEARER'), (token, scheme) => {
        expect(parseBearer(`${scheme} ${token}`)).toBe(token);
        expect(parseBearer(`${scheme}   ${token}  `)).toBe(token);
      }),
    );
  });

  it('gives undefined for a missing header, another scheme or an empty token', () => {
    for (const header of [null, '', 'Bearer', 'Bearer    ', 'Basic abc', 'Bearerabc', 'Token abc']) {
      expect(parseBearer(header), String(header)).toBeUndefined();
    }
  });
});

describe('negotiateMedia', () => {
  const json = [JSON_MEDIA] as const;
  const document = ['application/json', 'application/pdf', 'application/vnd.freightdocument.v1+pgp-signature'] as const;

  it('gives JSON for application/json, */*, application/* and a missing or blank Accept', () => {
    for (const accept of [null, '', '  ', 'application/json', '*/*', 'application/*', 'application/json; charset=utf-8']) {
      expect(negotiateMedia(accept, json), String(accept)).toBe(JSON_MEDIA);
    }
  });

  it('picks the offered type the client prefers', () => {
    expect(negotiateMedia('application/pdf', document)).toBe('application/pdf');
    expect(negotiateMedia('application/vnd.freightdocument.v1+pgp-signature', document)).toBe('application/vnd.freightdocument.v1+pgp-signature');
    expect(negotiateMedia('application/json;q=0.5, application/pdf', document)).toBe('application/pdf');
    expect(negotiateMedia('text/html,application/xhtml+xml,*/*;q=0.8', ['text/html', 'application/json'])).toBe('text/html');
    expect(negotiateMedia('*/*', document)).toBe('application/json');
  });

  it('2.6 with HTTP 406 for anything the endpoint does not offer', () => {
    for (const accept of ['text/csv', 'application/xml', 'application/pdf', 'image/*', 'application/json;q=0']) {
      let thrown: unknown;
      try {
        negotiateMedia(accept, json);
      } catch (error) {
        thrown = error;
      }
      expect(thrown, accept).toBeInstanceOf(ServiceError);
      expect((thrown as ServiceError).code).toBe('2.6');
      const item = (thrown as ServiceError).items[0]!;
      expect(httpStatusOf(item.code, { field: item.field })).toBe(406);
    }
  });
});

describe('content types', () => {
  it('recognises JSON with any charset and nothing else', () => {
    for (const type of [
      'application/json',
      'APPLICATION/JSON',
      'application/json; charset=UTF-8',
      'application/json;charset=iso-8859-1',
      ' application/json ',
    ]) {
      expect(isJsonContentType(type), type).toBe(true);
    }
    for (const type of [null, '', 'text/plain', 'application/jsonp', 'application/json-patch+json', 'application/x-www-form-urlencoded', 'text/json']) {
      expect(isJsonContentType(type), String(type)).toBe(false);
    }
  });

  it('recognises the form type of the token endpoint', () => {
    expect(isFormContentType('application/x-www-form-urlencoded')).toBe(true);
    expect(isFormContentType('application/x-www-form-urlencoded; charset=UTF-8')).toBe(true);
    for (const type of [null, 'application/json', 'multipart/form-data', 'application/x-www-form-urlencodedx']) {
      expect(isFormContentType(type), String(type)).toBe(false);
    }
  });
});

describe('JSON nesting, counted on the bytes before any parsing (contract §1)', () => {
  const scan = async (...chunks: string[]) => {
    const { JsonShapeCounter } = await import('@/server/http/json-shape-counter');
    const counter = new JsonShapeCounter();
    for (const chunk of chunks) counter.push(Buffer.from(chunk, 'utf8'));
    counter.finish();
  };
  const refusedWith24 = expect.objectContaining({ items: [expect.objectContaining({ code: '2.4' })] });

  it('64 levels pass, the 65th bracket is 2.4 at once, whatever follows', async () => {
    const { MAX_JSON_DEPTH } = await import('@/server/http/body-gate');
    expect(MAX_JSON_DEPTH).toBe(64);
    await expect(scan('{"a":'.repeat(63) + '[1]' + '}'.repeat(63))).resolves.toBeUndefined();
    await expect(scan('['.repeat(65))).rejects.toEqual(refusedWith24);
    await expect(scan('[{"a":'.repeat(32), '[', 'this is never looked at')).rejects.toEqual(refusedWith24);
  });

  it('brackets inside strings do not count, escaped quotes do not end a string, and chunks may split anything', async () => {
    const inString = JSON.stringify({ text: '['.repeat(500) + '\\"{{{{' + '"'.repeat(3) });
    await expect(scan(inString)).resolves.toBeUndefined();
    const split = inString.match(/.{1,7}/gs)!;
    await expect(scan(...split)).resolves.toBeUndefined();
    // A string that ends with an escaped backslash: the quote after it closes the string, the brackets count.
    await expect(scan('["a\\\\"' + ',['.repeat(64) + ']'.repeat(65))).rejects.toEqual(refusedWith24);
    // Multi-byte characters never look like brackets or quotes.
    await expect(scan(JSON.stringify({ name: 'Łódź ÿ 世界 ['.repeat(100) }))).resolves.toBeUndefined();
  });

  it('closing brackets bring the depth down: many shallow values of any length pass', async () => {
    // 60,000 × 3 arrays and the outer one: 180,001 values, within the 200,000 of contract §1.
    await expect(scan('[' + '[[[]]],'.repeat(60_000) + '1]')).resolves.toBeUndefined();
  });
});
