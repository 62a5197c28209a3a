/**
 * A person's browser session in the portal, driven over HTTP: next-auth's CSRF token and credentials sign-in,
 * cookies kept between requests, and tRPC calls as the portal makes them.
 */
import type { Driver, Reply } from './driver';

export class PortalSession {
  private readonly cookies = new Map<string, string>();

  constructor(readonly api: Driver) {}

  /** The same browser session (its cookies) talking to another server: another instance of the service. */
  on(api: Driver): PortalSession {
    const moved = new PortalSession(api);
    for (const [name, value] of this.cookies) moved.cookies.set(name, value);
    return moved;
  }

  get cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /** A request with this session's cookies; cookies the answer sets are kept (and cleared ones dropped). */
  async request(method: string, urlPath: string, options: { headers?: Record<string, string>; body?: string } = {}): Promise<Reply> {
    const response = await fetch(`${this.api.target.baseUrl}${urlPath}`, {
      method,
      headers: { ...(this.cookies.size ? { Cookie: this.cookieHeader } : {}), ...options.headers },
      body: options.body,
      redirect: 'manual',
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const name = pair!.slice(0, pair!.indexOf('=')).trim();
      const value = pair!.slice(pair!.indexOf('=') + 1).trim();
      const expired = attributes.some((attribute) => /^\s*(max-age=0|expires=thu, 01 jan 1970)/i.test(attribute));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await response.text();
    const isJson = /application\/json/i.test(response.headers.get('content-type') ?? '');
    return { status: response.status, headers: response.headers, body: isJson && text ? JSON.parse(text) : undefined, text };
  }

  get(urlPath: string, headers: Record<string, string> = {}) {
    return this.request('GET', urlPath, { headers });
  }

  /** next-auth's credentials sign-in, as the portal's login form sends it. */
  async signIn(username: string, password: string, callbackUrl = '/account', headers: Record<string, string> = {}): Promise<Reply> {
    const csrf = await this.get('/api/auth/csrf', headers);
    const form = new URLSearchParams({ csrfToken: csrf.body.csrfToken, username, password, callbackUrl, json: 'true' });
    return this.request('POST', '/api/auth/callback/credentials', {
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
      body: form.toString(),
    });
  }

  get signedIn(): boolean {
    return [...this.cookies.keys()].some((name) => name.endsWith('next-auth.session-token'));
  }

  /** The account of the session as the server sees it now (undefined when the session is not valid). */
  async accountId(): Promise<string | undefined> {
    const reply = await this.get('/api/auth/session');
    return reply.body?.accountId;
  }

  /** A tRPC query (GET) or mutation (POST) of one procedure; the reply is the raw HTTP answer. */
  trpcQuery(procedure: string, input?: unknown) {
    const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
    return this.get(`/api/trpc/${procedure}${query}`);
  }

  trpcMutation(procedure: string, input: unknown) {
    return this.request('POST', `/api/trpc/${procedure}`, { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(input) });
  }

  /** One batched tRPC request of the same mutation `inputs.length` times, as httpBatchLink sends it. */
  trpcBatch(procedure: string, inputs: unknown[]) {
    const paths = inputs.map(() => procedure).join(',');
    const body = Object.fromEntries(inputs.map((input, index) => [String(index), input]));
    return this.request('POST', `/api/trpc/${paths}?batch=1`, { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  }
}

/** A new browser session signed in with these credentials; throws when the sign-in fails. */
export async function signedInSession(api: Driver, username: string, password: string): Promise<PortalSession> {
  const session = new PortalSession(api);
  const reply = await session.signIn(username, password);
  if (reply.status !== 200 || !session.signedIn) throw new Error(`portal sign-in failed: ${reply.status} ${reply.text}`);
  return session;
}
