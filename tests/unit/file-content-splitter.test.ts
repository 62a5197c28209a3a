/**
 * Issue 37: the body gate cuts long `content` values out of a files route's JSON body while it arrives, decodes
 * their base64 as it comes and streams the bytes into the store; the body keeps a token. Whatever the chunking,
 * the bytes are those `Buffer.from(text, 'base64')` gives for the whole text, and the rest of the body is untouched.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FileContentSplitter, STREAMED_CONTENT_CHARS } from '@/server/http/file-content-splitter';

async function split(body: string, chunkSizes: number[] = [body.length]) {
  const files: Buffer[] = [];
  const splitter = new FileContentSplitter(async (bytes) => {
    const chunks: Buffer[] = [];
    for await (const chunk of bytes) chunks.push(Buffer.from(chunk));
    files.push(Buffer.concat(chunks));
    return { token: `==staged_${files.length}` };
  });
  const raw = Buffer.from(body);
  let offset = 0;
  for (let index = 0; offset < raw.length; index += 1) {
    const size = Math.max(1, chunkSizes[index % chunkSizes.length]!);
    await splitter.push(raw.subarray(offset, offset + size));
    offset += size;
  }
  return { text: await splitter.finish(), files };
}

const bytesOf = (size: number, seed: number) => Buffer.from(Array.from({ length: size }, (_, index) => (index * 31 + seed) % 256));
const LONG = bytesOf(Math.ceil((STREAMED_CONTENT_CHARS * 3) / 4) + 1000, 7);

describe('file content splitter (body gate, issue 37)', () => {
  it('cuts a long content value into the store and leaves a token; short ones and other keys stay', async () => {
    const body = {
      type: 'WAYBILL',
      note: LONG.toString('base64'),
      attachments: [
        { originalFileName: 'a.pdf', content: LONG.toString('base64') },
        { originalFileName: 'b.pdf', content: 'JVBERi0=' },
      ],
    };
    const { text, files } = await split(JSON.stringify(body), [4096]);
    expect(JSON.parse(text)).toEqual({ ...body, attachments: [{ originalFileName: 'a.pdf', content: '==staged_1' }, body.attachments[1]] });
    expect(files).toHaveLength(1);
    expect(files[0]!.equals(LONG)).toBe(true);
  });

  it('gives the bytes Buffer.from gives for the whole text, whatever the chunks, escapes, line breaks and alphabet', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: STREAMED_CONTENT_CHARS, max: STREAMED_CONTENT_CHARS + 5000 }),
        fc.integer({ min: 0, max: 255 }),
        fc.array(fc.integer({ min: 1, max: 70_000 }), { minLength: 1, maxLength: 6 }),
        fc.constantFrom('plain', 'url-safe', 'wrapped', 'escaped-slashes', 'unpadded'),
        async (size, seed, chunks, form) => {
          const bytes = bytesOf(size, seed);
          let text = bytes.toString('base64');
          if (form === 'url-safe') text = bytes.toString('base64url');
          if (form === 'unpadded') text = text.replace(/=+$/, '');
          let json = JSON.stringify({ content: text });
          if (form === 'wrapped') json = JSON.stringify({ content: text.replace(/(.{76})/g, '$1\r\n') });
          if (form === 'escaped-slashes') json = json.replace(/\//g, '\\/');
          const { text: rest, files } = await split(json, chunks);
          expect(JSON.parse(rest)).toEqual({ content: '==staged_1' });
          expect(files[0]!.equals(Buffer.from(JSON.parse(json).content.replace(/\s+/g, ''), form === 'url-safe' ? 'base64url' : 'base64'))).toBe(true);
        },
      ),
      { numRuns: 25 },
    );
  });

  it('stops at the first padding character, as Buffer.from does', async () => {
    const text = `${LONG.toString('base64')}${'QQ=='}QUJD`;
    const { files } = await split(JSON.stringify({ content: text }), [1000]);
    expect(files[0]!.equals(Buffer.from(text, 'base64'))).toBe(true);
  });

  it('stores nothing for a value that is no base64, and leaves a text the schemas refuse (3.17)', async () => {
    const { text, files } = await split(JSON.stringify({ content: `${LONG.toString('base64')}é\u0000` }), [777]);
    expect(JSON.parse(text)).toEqual({ content: '!not base64' });
    expect(files).toHaveLength(0);
  });

  it('a raw line break inside a cut value makes the body no JSON (2.4 from the parser), as it was', async () => {
    const json = `{"content":"${LONG.toString('base64').slice(0, STREAMED_CONTENT_CHARS + 10)}\n${'A'.repeat(8)}"}`;
    expect(() => JSON.parse(json)).toThrow();
    const { text } = await split(json, [5000]);
    expect(() => JSON.parse(text)).toThrow();
  });

  it('an escape JSON does not have, inside a cut value, makes the body no JSON too', async () => {
    for (const escape of ['\\x41', '\\u12zz']) {
      const json = `{"content":"${LONG.toString('base64').slice(0, STREAMED_CONTENT_CHARS + 10)}${escape}AAAA"}`;
      expect(() => JSON.parse(json)).toThrow();
      const { text } = await split(json, [4000]);
      expect(() => JSON.parse(text)).toThrow();
    }
  });

  it('keeps a body whose content key is only a value, or sits in a string, as it is', async () => {
    const body = JSON.stringify({ name: 'content', text: `"content": "${'A'.repeat(10)}"`, list: ['content', LONG.toString('base64')] });
    const { text, files } = await split(body, [333]);
    expect(text).toBe(body);
    expect(files).toHaveLength(0);
  });
});
