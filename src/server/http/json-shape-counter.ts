import { Tokenizer, TokenType } from '@streamparser/json';
import { errorItem, ServiceError } from '@/server/errors';

/** Contract §1: JSON bodies nest at most this deep (the top-level value is level 1). */
export const MAX_JSON_DEPTH = 64;
/** Contract §1: at most this many keys in one object (a form body is one object: its fields count as keys). */
export const MAX_KEYS_PER_OBJECT = 10_000;
/** Contract §1: at most this many values in one body, all levels together (keys are not values). */
export const MAX_JSON_VALUES = 200_000;

/**
 * The tokenizer gets at most this many bytes at a time, so that one call stays short (a few ms) whatever chunk
 * size the socket delivers; the gate yields to other requests between calls (body-gate.ts).
 */
export const TOKENIZE_SLICE_BYTES = 16 * 1024;

export function tooDeep(maxDepth = MAX_JSON_DEPTH): ServiceError {
  return new ServiceError([errorItem('2.4', undefined, `The request body nests deeper than ${maxDepth} levels.`)]);
}

export function tooManyKeys(maxKeys = MAX_KEYS_PER_OBJECT): ServiceError {
  return new ServiceError([errorItem('2.4', undefined, `An object in the request body holds more than ${maxKeys} keys.`)], { bodyTooLarge: true });
}

export function tooManyValues(maxValues = MAX_JSON_VALUES): ServiceError {
  return new ServiceError([errorItem('2.4', undefined, `The request body holds more than ${maxValues} values.`)], { bodyTooLarge: true });
}

function notJson(): ServiceError {
  return new ServiceError([errorItem('2.4')]);
}

/** One open object or array: how many keys it holds so far and, for an object, whether a key comes next. */
interface Open {
  object: boolean;
  keys: number;
  expectKey: boolean;
}

/**
 * Contract §1's shape limits of a JSON body (depth 64, 10,000 keys per object, 200,000 values), counted on the bytes
 * as they arrive with @streamparser/json's tokenizer (a maintained, JSON-compliant streaming tokenizer: we count its
 * tokens, we do not parse). A body over a limit is refused (2.4, 413 for the counts, 400 for the depth, as before)
 * at the token that goes over it, so JSON.parse, the unsafe-text walk and zod only ever see a body within the limits.
 * Invalid JSON is 2.4 (400) at the first byte the tokenizer cannot take, exactly what JSON.parse would answer later.
 */
export class JsonShapeCounter {
  private readonly tokenizer = new Tokenizer();
  private readonly open: Open[] = [];
  private values = 0;
  private tokens = 0;
  /** The top-level value has ended: only whitespace may follow. */
  private complete = false;
  private failure: ServiceError | undefined;

  constructor(private readonly limits = { depth: MAX_JSON_DEPTH, keys: MAX_KEYS_PER_OBJECT, values: MAX_JSON_VALUES }) {
    this.tokenizer.onToken = ({ token }) => this.take(token);
    // The tokenizer reports its errors here; `push` turns them into the contract's answer.
    this.tokenizer.onError = () => {
      this.failure ??= notJson();
    };
  }

  /** Counts the next bytes; throws 2.4 at the first token over a limit or the first byte that is no JSON. */
  push(bytes: Uint8Array): void {
    if (this.failure) throw this.failure;
    this.tokenizer.write(bytes);
    if (this.failure) throw this.failure;
  }

  /** At the end of the body: a body cut off inside a value is no JSON (an empty body is the caller's to judge: 2.7). */
  finish(): void {
    if (this.failure) throw this.failure;
    if (this.tokenizer.isEnded) return;
    this.tokenizer.end();
    if (this.failure) throw this.failure;
    if (this.open.length > 0) throw notJson();
  }

  private take(token: TokenType) {
    // JSON is one value: a token after it (`{} {}`) makes the body no JSON, as JSON.parse would say.
    if (this.complete) throw (this.failure = notJson());
    this.tokens += 1;
    const top = this.open.at(-1);
    switch (token) {
      case TokenType.LEFT_BRACE:
      case TokenType.LEFT_BRACKET:
        this.countValue();
        if (this.open.length >= this.limits.depth) throw (this.failure = tooDeep(this.limits.depth));
        this.open.push({ object: token === TokenType.LEFT_BRACE, keys: 0, expectKey: token === TokenType.LEFT_BRACE });
        return;
      case TokenType.RIGHT_BRACE:
      case TokenType.RIGHT_BRACKET:
        this.open.pop();
        this.complete = this.open.length === 0;
        return;
      case TokenType.COMMA:
        if (top?.object) top.expectKey = true;
        return;
      case TokenType.COLON:
      case TokenType.SEPARATOR:
        return;
      case TokenType.STRING:
        if (top?.expectKey) {
          top.expectKey = false;
          top.keys += 1;
          if (top.keys > this.limits.keys) throw (this.failure = tooManyKeys(this.limits.keys));
          return;
        }
        this.countPrimitive();
        return;
      default:
        this.countPrimitive();
    }
  }

  private countPrimitive() {
    this.countValue();
    this.complete = this.open.length === 0;
  }

  private countValue() {
    this.values += 1;
    if (this.values > this.limits.values) throw (this.failure = tooManyValues(this.limits.values));
  }
}

/**
 * The same limit for a form body (`a=1&b=2`, the token endpoint and next-auth's sign-in): its fields are the keys
 * of one object, so at most MAX_KEYS_PER_OBJECT of them; counted by their `&` separators as the bytes arrive.
 */
export class FormFieldCounter {
  private fields = 0;
  private started = false;

  constructor(private readonly maxFields = MAX_KEYS_PER_OBJECT) {}

  push(bytes: Uint8Array): void {
    if (bytes.length > 0 && !this.started) {
      this.started = true;
      this.fields = 1;
    }
    for (let index = bytes.indexOf(0x26); index >= 0; index = bytes.indexOf(0x26, index + 1)) {
      this.fields += 1;
      if (this.fields > this.maxFields) throw tooManyKeys(this.maxFields);
    }
  }

  finish(): void {}
}
