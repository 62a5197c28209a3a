/**
 * Tolerant reading (contract §1). Clients that serialise every attribute send `""` (or null) for the unset
 * ones, and an object whose attributes are all unset for an unset object (a Go struct that is not a
 * pointer). Before a body is validated, such attributes are removed at every depth, so that an unset optional
 * field is the same as an omitted one and an unset required field is reported as missing (3.1, or the
 * field's own code). Array elements are never removed: their position is part of the error field. A literal
 * `{}` is kept (the portal sends it for a required party so that the missing details are named one by one).
 */
export function withoutUnsetFields(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutUnsetFields);
  if (!isPlainObject(value)) return value;
  const kept: [string, unknown][] = [];
  for (const [key, attribute] of Object.entries(value)) {
    if (VERBATIM.has(key) && attribute !== null && attribute !== undefined) {
      kept.push([key, attribute]);
      continue;
    }
    const cleaned = withoutUnsetFields(attribute);
    if (!isUnset(attribute, cleaned)) kept.push([key, cleaned]);
  }
  // fromEntries defines own properties, so a `__proto__` key of a parsed body stays a plain attribute.
  return Object.fromEntries(kept);
}

/**
 * Attributes kept exactly as sent (contract §7: a comment's `clientMeta` is returned as sent, `""` and the empty
 * members of an object included: the one exception to "empty means omitted"). Only `null` omits them.
 */
const VERBATIM = new Set(['clientMeta']);

function isUnset(original: unknown, cleaned: unknown): boolean {
  if (cleaned === '' || cleaned === null || cleaned === undefined) return true;
  return isPlainObject(original) && Object.keys(original).length > 0 && Object.keys(cleaned as object).length === 0;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
