/**
 * Where the portal may send a browser after sign-in: only a same-origin relative path. Anything else
 * (absolute URLs, protocol-relative `//host`, backslash tricks, control characters) is refused, so that
 * `?callbackUrl=` can never become an open redirect.
 */
export function safeCallbackUrl(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length === 0 || value.length > 4096) return undefined;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined;
  // Browsers strip tabs and newlines and treat backslashes as slashes: refuse them outright.
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return undefined;
  const base = 'http://portal.invalid';
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return undefined;
  }
  if (url.origin !== base) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}
