/**
 * What one account may keep of the portal's conveniences (issue 20: templates had no size or count limit, 3 × 20 MB
 * were saved). Generous for real use; they stop one account from filling the shared database.
 */
export const TEMPLATES_PER_ACCOUNT = 100;
/** A template's body as JSON, in UTF-8 bytes: a full document with 500 goods lines fits well inside. */
export const TEMPLATE_BODY_MAX_BYTES = 64 * 1024;
export const ADDRESS_BOOK_ENTRIES_PER_ACCOUNT = 1_000;

/** The UTF-8 size of a value as JSON (in the browser too: the forms validate with the same schema). */
export function jsonByteLength(value: unknown): number {
  return new TextEncoder().encode(JSON.stringify(value)).length;
}
