/**
 * Issue 32 (H1): the gate counted bytes and depth, not keys or values, so 2.2 million keys under the size limit
 * stalled the server in JSON.parse, the unsafe-text walk and zod. Contract §1: at most 10,000 keys per object and
 * 200,000 values in a body (2.4, 413), counted on the bytes as they arrive, whatever the chunking; a form's fields
 * are one object's keys.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { httpStatusOf } from '@/lib/errors/catalogue';
import { FormFieldCounter, JsonShapeCounter, MAX_JSON_VALUES, MAX_KEYS_PER_OBJECT } from '@/server/http/json-shape-counter';
import type { ServiceError } from '@/server/errors';

function count(
  body: string,
  chunkSize = body.length || 1,
  Counter: typeof JsonShapeCounter | typeof FormFieldCounter = JsonShapeCounter,
): ServiceError | undefined {
  const counter = new Counter();
  const bytes = Buffer.from(body, 'utf8');
  try {
    for (let offset = 0; offset < bytes.length; offset += chunkSize) counter.push(bytes.subarray(offset, offset + chunkSize));
    counter.finish();
    return undefined;
  } catch (error) {
    return error as ServiceError;
  }
}

const statusOf = (error: ServiceError | undefined) =>
  error && httpStatusOf(error.items[0]!.code, { field: error.items[0]!.field, bodyTooLarge: error.hints.bodyTooLarge });
const keys = (count: number, from = 0) => Array.from({ length: count }, (_, index) => `"a${index + from}":0`).join(',');

describe('keys and values of a JSON body, counted while it arrives (contract §1)', () => {
  it('10,000 keys in one object pass, 10,001 are 2.4 (413); each object counts its own', () => {
    expect(count(`{${keys(MAX_KEYS_PER_OBJECT)}}`, 4096)).toBeUndefined();
    const refused = count(`{${keys(MAX_KEYS_PER_OBJECT + 1)}}`, 4096);
    expect(refused?.items[0]?.code).toBe('2.4');
    expect(statusOf(refused)).toBe(413);
    expect(count(`{"x":{${keys(6000)}},"y":{${keys(6000)}}}`, 999)).toBeUndefined();
  });

  it('200,000 values pass, 200,001 are 2.4 (413); keys are not values; 8 million `{}` stop at the limit', () => {
    expect(count(`[${'0,'.repeat(MAX_JSON_VALUES - 2)}0]`, 65536)).toBeUndefined();
    const refused = count(`[${'0,'.repeat(MAX_JSON_VALUES - 1)}0]`, 65536);
    expect(statusOf(refused)).toBe(413);
    // 20 objects of 9,998 keys: 199,960 values under keys and 21 objects, within both limits.
    const objects = Array.from({ length: 20 }, (_, index) => `"o${index}":{${keys(9_998)}}`).join(',');
    expect(count(`{${objects}}`, 65536)).toBeUndefined();
    const empties = count(`[${'{},'.repeat(250_000)}{}]`, 65536);
    expect(empties?.items[0]?.description).toContain('200000');
  });

  it('a key-like string inside an array or as a value is a value, not a key; strings hide brackets and colons', () => {
    expect(count(JSON.stringify({ a: ['b', 'c'], d: 'e:{[', f: { g: [{ h: '"' }] } }), 3)).toBeUndefined();
    // Any chunking gives the same answer.
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), fc.integer({ min: 1, max: 40 }), (value, chunk) => {
        expect(count(JSON.stringify(value), chunk)).toBeUndefined();
      }),
      { numRuns: 200 },
    );
  });

  it('what is no JSON is 2.4 (400) at the byte that shows it: a second value, garbage, a cut-off body', () => {
    for (const body of ['{} {}', '[1] x', '{"a":1', '[1,', 'nul', '{"a":tru}']) {
      const refused = count(body);
      expect(refused?.items[0]?.code, body).toBe('2.4');
      expect(statusOf(refused), body).toBe(400);
    }
    // Whitespace around the value is JSON; an empty body is the route's to judge (2.7).
    expect(count('  {"a":1} \n')).toBeUndefined();
    expect(count('')).toBeUndefined();
  });

  it("a form's fields are one object's keys: 10,000 pass, 10,001 are 2.4 (413)", () => {
    const form = (fields: number) => Array.from({ length: fields }, (_, index) => `a${index}=1`).join('&');
    expect(count(form(MAX_KEYS_PER_OBJECT), 777, FormFieldCounter)).toBeUndefined();
    expect(statusOf(count(form(MAX_KEYS_PER_OBJECT + 1), 777, FormFieldCounter))).toBe(413);
  });
});

describe('the gate reads a body in turns, and counts a file route after its file cutter', () => {
  const request = (body: string, type = 'application/json') =>
    new Request('http://localhost/api/x', { method: 'POST', body, headers: { 'Content-Type': type } });
  const stage = async (bytes: AsyncIterable<Uint8Array>) => {
    for await (const _chunk of bytes); // drain
    return { token: '==staged_1' };
  };

  it('a long base64 content counts as one value; keys beside it are counted', async () => {
    const { readBodyText } = await import('@/server/http/body-gate');
    const content = Buffer.alloc(3 * 1024 * 1024, 7).toString('base64');
    const text = await readBodyText(request(JSON.stringify({ attachments: [{ content }] })), 'files', stage);
    expect(text).toBe('{"attachments":[{"content":"==staged_1"}]}');
    const keysBeside = `{"attachments":[{"content":"${content}"}],"x":{${keys(MAX_KEYS_PER_OBJECT + 1)}}}`;
    await expect(readBodyText(request(keysBeside), 'files', stage)).rejects.toMatchObject({ hints: { bodyTooLarge: true } });
  });

  it('other work runs while a buffered body is counted: no turn of the event loop near 100 ms of CPU', async () => {
    const { readBodyText } = await import('@/server/http/body-gate');
    // 20 objects of 9,998 keys: within the counts, about 2.4 MB, all of it buffered before the gate reads.
    const body = `{${Array.from({ length: 20 }, (_, index) => `"o${index}":{${keys(9_998)}}`).join(',')}}`;
    // Measured in CPU time of this process between two turns of a 1 ms timer: on a shared, loaded machine the wall
    // clock also counts the time other processes had the core.
    let last = process.cpuUsage();
    let widest = 0;
    const ticker = setInterval(() => {
      const spent = process.cpuUsage(last);
      widest = Math.max(widest, (spent.user + spent.system) / 1000);
      last = process.cpuUsage();
    }, 1);
    try {
      await readBodyText(request(body), 'files');
    } finally {
      clearInterval(ticker);
    }
    expect(widest).toBeLessThan(60);
  });
});

describe('the unsafe-text walk is skipped for JSON that cannot hold unsafe text (issue 32)', () => {
  it('only a \\u escape of a NUL or a surrogate can make one; any such escape walks', async () => {
    const { jsonMayHoldUnsafeText, unsafeTextFields } = await import('@/lib/text/unsafe-text');
    for (const value of [{ a: 'x\u0000' }, { a: '\ud800' }, { b: ['\udc00'] }, { c: '😀' }]) {
      const text = JSON.stringify(value).replace(/[\ud800-\udfff]/g, (char) => `\\u${char.charCodeAt(0).toString(16)}`);
      expect(jsonMayHoldUnsafeText(text), text).toBe(true);
    }
    // Escaped otherwise, raw, or decoded from bytes that are no UTF-8: nothing unsafe can come out of the text.
    for (const text of ['{"a":"\\u0041 \\n ŁÓDŹ 😀"}', Buffer.from([0x22, 0xed, 0xa0, 0x80, 0x22]).toString('utf8')]) {
      expect(jsonMayHoldUnsafeText(text), text).toBe(false);
      expect(unsafeTextFields(JSON.parse(text))).toEqual([]);
    }
  });
});
