const BASE = 'http://portal.invalid';

/**
 * The one decision whether a return address (`?callbackUrl=`, next-auth's callbackUrl) stays on this site:
 * the answer is a path of this site, or undefined. It is decided on the address as a browser would resolve it,
 * not on its spelling: `/..//evil.example`, `/.//evil.example` and `/%2e%2e//evil.example` resolve to the
 * protocol-relative `//evil.example` and are refused like it. Backslashes (browsers read them as slashes) and
 * control characters (browsers drop tabs and newlines) are refused outright.
 */
export function safeCallbackUrl(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length === 0 || value.length > 4096) return undefined;
  // Browsers strip tabs and newlines and treat backslashes as slashes: refuse them outright.
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
  if (!value.startsWith('/') || /[\u0000-\u001f\u007f\\]/.test(value)) return undefined;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return undefined;
  }
  if (url.origin !== BASE) return undefined;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // The normalised path is what the browser will be sent to: it must still be a path of this site.
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
  if (!path.startsWith('/') || path.startsWith('//') || /^\/[\\/]/.test(path) || /[\u0000-\u001f\u007f\\]/.test(path)) return undefined;
  return path;
}

/**
 * next-auth's redirect rule: an absolute address is allowed only on `baseUrl`'s origin, and then, like a path,
 * only when `safeCallbackUrl` accepts it; anything else goes to `fallback` on this site.
 */
export function safeRedirectOnSite(url: string, baseUrl: string, fallback = '/account'): string {
  const base = new URL(baseUrl);
  let candidate: string | undefined;
  if (url.startsWith('/')) {
    candidate = safeCallbackUrl(url);
  } else {
    try {
      const absolute = new URL(url);
      if (absolute.origin === base.origin) candidate = safeCallbackUrl(`${absolute.pathname}${absolute.search}${absolute.hash}`);
    } catch {
      candidate = undefined;
    }
  }
  return `${base.origin}${candidate ?? fallback}`;
}
