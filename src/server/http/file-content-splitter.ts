import { once } from 'node:events';
import { PassThrough } from 'node:stream';

/**
 * Stores one file's bytes and says what names them in the body from now on (a staged-file token, see
 * services/document/staged-files.ts).
 */
export type StageFile = (bytes: AsyncIterable<Uint8Array>) => Promise<{ token: string }>;

/** `content` values shorter than this stay in the body as they are; longer ones are streamed into the store. */
export const STREAMED_CONTENT_CHARS = 64 * 1024;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const CONTENT_KEY = Buffer.from('content');
/** What the body's counter sees in place of a cut file: one string value. */
const CUT_PLACEHOLDER = Buffer.from('""');
const isSpace = (byte: number) => byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d;
/** What base64 text may hold (both alphabets, padding, whitespace), as the schemas' own check. */
const NOT_BASE64 = /[^A-Za-z0-9+/=\s_-]/;
// eslint-disable-next-line no-control-regex -- JSON forbids raw control characters inside strings: such a body is no JSON.
const CONTROL = /[\x00-\x1f]/;
const ESCAPED_WHITESPACE = new Set([0x6e, 0x72, 0x74]); // \n \r \t
/** The escapes JSON has (`\uXXXX` apart): any other makes the body no JSON. */
const JSON_ESCAPES = new Set([...'"\\/bfnrt'].map((char) => char.charCodeAt(0)));

/** A file cut out of the body: its bytes go to the store; the body keeps a token (or a refused text when they were no base64). */
interface Cut {
  stored: Promise<{ token: string }>;
  invalid: boolean;
}

/**
 * The body gate's file cutter (issue 37): while a files route's JSON body arrives, every string value of a
 * `content` key longer than STREAMED_CONTENT_CHARS is base64-decoded as it arrives and streamed into the blob store,
 * and the body keeps a short token in its place. So a 10 MB attachment never sits in memory whole, and JSON.parse
 * only ever sees the body without its files. Everything else passes through unchanged; the byte-level view matches
 * the nesting scanner's (strings, escapes). A value that is not base64 is not stored, and stays refused (3.17).
 */
export class FileContentSplitter {
  private readonly output: (Uint8Array | Cut)[] = [];
  private readonly cuts: Cut[] = [];
  // Outside any cut: the JSON string state, and whether the last string was the key `content` followed by `:`.
  private inString = false;
  private escaped = false;
  private stringBytes: number[] = [];
  private stringLength = 0;
  private lastStringIsContentKey = false;
  private expectingContentValue = false;
  // A `content` value being held until it proves long enough to cut.
  private held: Buffer[] | undefined;
  private heldLength = 0;
  private heldEscaped = false;
  // The value being cut.
  private sink: PassThrough | undefined;
  private cut: Cut | undefined;
  private cutEscape: number[] | undefined;
  private base64 = '';
  private padded = false;
  private malformedJson = false;

  /**
   * `onBody` sees the body as JSON.parse will (each cut file as the string it becomes): the gate counts its keys and
   * values there, so a file's megabytes of base64 are never tokenized twice.
   */
  constructor(
    private readonly stage: StageFile,
    private readonly onBody?: (bytes: Uint8Array) => void,
  ) {}

  private emit(part: Uint8Array | Cut) {
    this.output.push(part);
    this.onBody?.(part instanceof Uint8Array ? part : CUT_PLACEHOLDER);
  }

  /** Takes the next chunk of the body; returns once the store can take more (backpressure reaches the client). */
  async push(chunk: Uint8Array): Promise<void> {
    let index = 0;
    const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    while (index < bytes.length) {
      if (this.sink) index = this.cutFrom(bytes, index);
      else if (this.held) index = this.holdFrom(bytes, index);
      else index = this.passFrom(bytes, index);
    }
    if (this.sink?.writableNeedDrain) await once(this.sink, 'drain');
  }

  /** The body without its long files, each replaced by its token; waits until every cut file is stored. */
  async finish(): Promise<string> {
    if (this.sink || this.held) this.malformedJson = true;
    this.abortCut(new Error('body ended inside a file'));
    const tokens = await Promise.all(this.cuts.map((cut) => (cut.invalid ? undefined : cut.stored)));
    if (this.malformedJson) return '{'; // Not JSON: the parser refuses it (2.4), as it would have refused the body.
    return Buffer.concat(
      this.output.map((part) => {
        if (part instanceof Uint8Array) return part;
        const index = this.cuts.indexOf(part);
        // A text that is not base64 stays refused by the schemas' check (3.17), as the whole text would have been.
        return Buffer.from(JSON.stringify(part.invalid ? '!not base64' : tokens[index]!.token));
      }),
    ).toString('utf8');
  }

  /** Ends a cut in progress (an error elsewhere): its store upload fails and leaves nothing behind. */
  abort(error: Error): void {
    this.abortCut(error);
    for (const cut of this.cuts) cut.stored.catch(() => {});
  }

  private abortCut(error: Error) {
    if (!this.sink) return;
    this.sink.destroy(error);
    this.sink = undefined;
  }

  private passFrom(bytes: Buffer, start: number): number {
    for (let index = start; index < bytes.length; index += 1) {
      const byte = bytes[index]!;
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (byte === BACKSLASH) this.escaped = true;
        else if (byte === QUOTE) {
          this.inString = false;
          this.lastStringIsContentKey = this.stringLength === CONTENT_KEY.length && Buffer.from(this.stringBytes).equals(CONTENT_KEY);
          continue;
        }
        this.stringLength += 1;
        if (this.stringLength <= CONTENT_KEY.length) this.stringBytes.push(byte);
      } else if (byte === QUOTE) {
        if (this.expectingContentValue) {
          // A `content` value starts: held (not passed on) until it ends short or proves long.
          this.emit(bytes.subarray(start, index));
          this.expectingContentValue = false;
          this.held = [Buffer.from([QUOTE])];
          this.heldLength = 0;
          this.heldEscaped = false;
          return index + 1;
        }
        this.inString = true;
        this.stringBytes = [];
        this.stringLength = 0;
      } else if (byte === COLON) {
        this.expectingContentValue = this.lastStringIsContentKey;
        this.lastStringIsContentKey = false;
      } else if (!isSpace(byte)) {
        this.lastStringIsContentKey = false;
        this.expectingContentValue = false;
      }
    }
    this.emit(bytes.subarray(start));
    return bytes.length;
  }

  private holdFrom(bytes: Buffer, start: number): number {
    for (let index = start; index < bytes.length; index += 1) {
      const byte = bytes[index]!;
      if (this.heldEscaped) this.heldEscaped = false;
      else if (byte === BACKSLASH) this.heldEscaped = true;
      else if (byte === QUOTE) {
        // Short: the value goes on in the body as it came.
        this.emit(Buffer.concat([...this.held!, bytes.subarray(start, index + 1)]));
        this.held = undefined;
        return index + 1;
      }
      if (this.heldLength + (index - start) + 1 >= STREAMED_CONTENT_CHARS && !this.heldEscaped) {
        const soFar = Buffer.concat([...this.held!.slice(1), bytes.subarray(start, index + 1)]);
        this.held = undefined;
        this.startCut();
        this.cutFrom(soFar, 0);
        return index + 1;
      }
    }
    this.held!.push(Buffer.from(bytes.subarray(start)));
    this.heldLength += bytes.length - start;
    return bytes.length;
  }

  private startCut() {
    this.sink = new PassThrough();
    this.cut = { stored: this.stage(this.sink), invalid: false };
    this.cut.stored.catch(() => {});
    this.cuts.push(this.cut);
    this.emit(this.cut);
    this.base64 = '';
    this.padded = false;
    this.cutEscape = undefined;
  }

  /** Inside a cut value: base64 text to bytes for the store, up to the closing quote. */
  private cutFrom(bytes: Buffer, start: number): number {
    let index = start;
    while (index < bytes.length) {
      if (this.cutEscape) {
        index = this.escapeFrom(bytes, index);
        continue;
      }
      const quote = bytes.indexOf(QUOTE, index);
      const backslash = bytes.indexOf(BACKSLASH, index);
      const stop = Math.min(quote < 0 ? bytes.length : quote, backslash < 0 ? bytes.length : backslash);
      const text = bytes.toString('latin1', index, stop);
      // A raw control character inside a JSON string makes the body no JSON at all (2.4, as JSON.parse would say).
      if (CONTROL.test(text)) this.malformedJson = true;
      this.takeText(text);
      if (stop === bytes.length) return stop;
      if (bytes[stop] === BACKSLASH) {
        this.cutEscape = [];
        index = stop + 1;
        continue;
      }
      this.endCut();
      return stop + 1;
    }
    return index;
  }

  /** After a backslash: `\/` is a slash, `\n \r \t` whitespace, `\uXXXX` the character it names; anything else is no base64. */
  private escapeFrom(bytes: Buffer, index: number): number {
    const escape = this.cutEscape!;
    escape.push(bytes[index]!);
    const kind = escape[0]!;
    if (kind === 0x75 /* u */) {
      if (escape.length < 5) return index + 1;
      const hex = Buffer.from(escape.slice(1)).toString('latin1');
      const code = Number.parseInt(hex, 16);
      this.cutEscape = undefined;
      if (!/^[0-9a-fA-F]{4}$/.test(hex)) this.malformedJson = true;
      else if (code !== 0x0a && code !== 0x0d && code !== 0x09 && code !== 0x20) this.takeText(code < 0x80 ? String.fromCharCode(code) : '\u0080');
      return index + 1;
    }
    this.cutEscape = undefined;
    if (kind === 0x2f) this.takeText('/');
    else if (!JSON_ESCAPES.has(kind)) this.malformedJson = true;
    else if (!ESCAPED_WHITESPACE.has(kind)) this.cut!.invalid = true;
    return index + 1;
  }

  private takeText(text: string) {
    if (!text) return;
    if (NOT_BASE64.test(text)) this.cut!.invalid = true;
    if (this.cut!.invalid || this.padded) return;
    let chars = text.replace(/\s+/g, '');
    const pad = chars.indexOf('=');
    if (pad >= 0) {
      // Decoding stops at the first padding character, as Buffer.from(text, 'base64') does.
      chars = chars.slice(0, pad + 1);
      this.padded = true;
    }
    this.base64 += chars;
    const whole = this.padded ? this.base64.length : this.base64.length - (this.base64.length % 4);
    if (whole > 0) {
      this.sink!.write(Buffer.from(this.base64.slice(0, whole), 'base64'));
      this.base64 = this.base64.slice(whole);
    }
  }

  private endCut() {
    const sink = this.sink!;
    if (this.cut!.invalid) sink.destroy(new Error('not base64'));
    else {
      if (this.base64) sink.write(Buffer.from(this.base64, 'base64'));
      sink.end();
    }
    this.sink = undefined;
    this.cut = undefined;
  }
}
