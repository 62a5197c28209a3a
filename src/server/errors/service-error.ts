import { describeError, type ErrorCode } from '@/lib/errors/catalogue';

export interface ErrorItem {
  code: ErrorCode;
  description: string;
  field?: string;
}

/**
 * Facts a service may attach for the transport; never internal details and never an HTTP status (the catalogue
 * decides those, see `httpStatusOf`).
 */
export interface ErrorHints {
  retryAfterSeconds?: number;
  /** The request was refused by a rate limit (1.10 then answers 429, see `httpStatusOf`). */
  rateLimited?: boolean;
  /** The body holds more than contract §1 allows (keys, values): 2.4 then answers 413, like a body too long. */
  bodyTooLarge?: boolean;
  /** RFC 6749 `error` value, for the OAuth endpoints. */
  oauthError?: string;
  /** A `WWW-Authenticate` challenge of the refusing service's own (the eFTI gate's `Basic realm="efti"`). */
  challenge?: string;
}

/**
 * The one error type services throw. It carries one or more catalogue entries (validation reports every
 * bad field at once).
 */
export class ServiceError extends Error {
  readonly items: ErrorItem[];
  readonly hints: ErrorHints;

  constructor(items: ErrorItem[], hints: ErrorHints = {}) {
    super(items.map((item) => `${item.code}${item.field ? ` (${item.field})` : ''}`).join(', '));
    this.name = 'ServiceError';
    this.items = items;
    this.hints = hints;
  }

  get code(): ErrorCode {
    return this.items[0]!.code;
  }
}

export function errorItem(code: ErrorCode, field?: string, description?: string): ErrorItem {
  return { code, description: description ?? describeError(code), ...(field ? { field } : {}) };
}

/** Shorthand for the common single-code failure. */
export function fail(code: ErrorCode, field?: string, hints?: ErrorHints & { description?: string }): never {
  throw new ServiceError([errorItem(code, field, hints?.description)], hints);
}
