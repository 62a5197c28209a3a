/**
 * Drives a running service the way a client system and an operator do: HTTP requests, the admin command,
 * and the mails that arrive at the SMTP sink. One driver per server (the shared one or a file's own).
 */
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import PostalMime from 'postal-mime';
import { expect, inject } from 'vitest';
import { REPO_ROOT, startServer, type RunningServer } from '../support/server';

export interface Target {
  baseUrl: string;
  adminEnv: Record<string, string>;
  mailDir: string;
}

export interface Reply {
  status: number;
  headers: Headers;
  /** Parsed JSON when the response is JSON, else undefined. */
  body: any;
  text: string;
}

export interface Client {
  clientId: string;
  clientSecret: string;
}

export interface Account {
  name: string;
  email: string;
  password: string;
  accountId: string;
  accountNumber: string;
}

export interface RequestOptions {
  headers?: Record<string, string>;
  /** Sent as application/json. */
  json?: unknown;
  /** Sent as application/x-www-form-urlencoded. */
  form?: Record<string, string>;
  /** Raw body, with the content type given in headers. */
  body?: string;
  bearer?: string;
  basic?: Client;
}

export function basicHeader(client: Client): string {
  // RFC 6749 §2.3.1: each part is form-urlencoded before base64.
  const pair = `${encodeURIComponent(client.clientId)}:${encodeURIComponent(client.clientSecret)}`;
  return `Basic ${Buffer.from(pair).toString('base64')}`;
}

export function uniqueEmail(label: string): string {
  return `${label}-${crypto.randomBytes(5).toString('hex')}@example.test`;
}

export const GOOD_PASSWORD = 'correct horse battery';

const TSX_CLI = path.join(REPO_ROOT, 'node_modules/tsx/dist/cli.mjs');
/** Server code imports 'server-only'; outside Next this condition selects its empty module (package.json "admin"). */
const SERVER_CONDITION = '--conditions=react-server';

export function sharedTarget(): Target {
  return { baseUrl: inject('baseUrl'), adminEnv: inject('adminEnv'), mailDir: inject('mailDir') };
}

export function serverTarget(server: RunningServer): Target {
  return { baseUrl: server.baseUrl, adminEnv: server.adminEnv, mailDir: inject('mailDir') };
}

/** A server of a file's own: the project's database kind and settings (same SMTP sink), plus `env`. */
export function startOwnServer(name: string, env: Record<string, string> = {}): Promise<RunningServer> {
  return startServer({
    name,
    kind: inject('dbKind'),
    adminDatabaseUrl: inject('adminDatabaseUrl'),
    pgliteTemplate: inject('pgliteTemplate') || undefined,
    env: { ...inject('serverEnv'), ...env },
  });
}

export class Driver {
  constructor(readonly target: Target) {}

  async request(method: string, urlPath: string, options: RequestOptions = {}): Promise<Reply> {
    const headers: Record<string, string> = { ...options.headers };
    let body: string | undefined = options.body;
    if (options.json !== undefined) {
      headers['Content-Type'] ??= 'application/json';
      body = JSON.stringify(options.json);
    }
    if (options.form) {
      headers['Content-Type'] ??= 'application/x-www-form-urlencoded';
      body = new URLSearchParams(options.form).toString();
    }
    if (options.bearer) headers.Authorization = `Bearer ${options.bearer}`;
    if (options.basic) headers.Authorization = basicHeader(options.basic);
    const response = await fetch(`${this.target.baseUrl}${urlPath}`, { method, headers, body, redirect: 'manual' });
    const text = await response.text();
    const isJson = /application\/json/i.test(response.headers.get('content-type') ?? '');
    return { status: response.status, headers: response.headers, body: isJson && text ? JSON.parse(text) : undefined, text };
  }

  get(urlPath: string, options?: RequestOptions) {
    return this.request('GET', urlPath, options);
  }

  post(urlPath: string, options?: RequestOptions) {
    return this.request('POST', urlPath, options);
  }

  put(urlPath: string, options?: RequestOptions) {
    return this.request('PUT', urlPath, options);
  }

  /** The admin command (contract §12), run as an operator would, against this server's database. */
  admin(args: string[]): Promise<{ code: number; stdout: string; stderr: string; json: any }> {
    return new Promise((resolve) => {
      execFile(
        process.execPath,
        [TSX_CLI, SERVER_CONDITION, 'src/cli/admin.ts', ...args],
        { cwd: REPO_ROOT, env: { ...process.env, ...this.target.adminEnv }, timeout: 60_000 },
        (error, stdout, stderr) => {
          const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
          const output = (code === 0 ? stdout : stderr).trim();
          let json: any;
          try {
            json = JSON.parse(output.split('\n').pop() ?? '');
          } catch {
            json = undefined;
          }
          resolve({ code, stdout, stderr, json });
        },
      );
    });
  }

  async createClient(options: { name?: string; integration?: boolean; implicit?: boolean; redirectUris?: string[] } = {}): Promise<Client> {
    const args = ['client:create', '--name', options.name ?? 'Test client system'];
    if (options.integration) args.push('--integration');
    if (options.implicit) args.push('--implicit');
    for (const uri of options.redirectUris ?? []) args.push('--redirect-uri', uri);
    const result = await this.admin(args);
    if (result.code !== 0) throw new Error(`client:create failed: ${result.stderr}`);
    return result.json as Client;
  }

  /** POST /accounts/users; the reply and the credentials used. */
  async signUp(client: Client, overrides: Record<string, unknown> = {}) {
    const input = {
      name: 'Test Person',
      email: uniqueEmail('user'),
      password: GOOD_PASSWORD,
      acceptTermsAndConditions: true,
      ...overrides,
    };
    const reply = await this.post('/api/accounts/users', { basic: client, json: input, headers: { Accept: 'application/json' } });
    return { reply, input };
  }

  /** The mails the SMTP sink received for an address, oldest first, waiting for at least `count`. */
  async mailsTo(address: string, count = 1, timeoutMs = 15_000) {
    const wanted = address.toLowerCase();
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const files = fs
        .readdirSync(this.target.mailDir)
        .filter((name) => name.endsWith('.eml'))
        .filter((name) => decodeURIComponent(name.slice(7, -4)).split(',').includes(wanted))
        .sort();
      if (files.length >= count) {
        return Promise.all(files.map((name) => PostalMime.parse(fs.readFileSync(path.join(this.target.mailDir, name)))));
      }
      if (Date.now() > deadline) throw new Error(`no mail for ${address} within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** The activation token from the link in the activation mail. */
  async activationToken(email: string): Promise<string> {
    const [mail] = await this.mailsTo(email);
    const match = /\/api\/accounts\/activation\/([A-Za-z0-9_-]+)/.exec(mail!.text ?? '');
    if (!match) throw new Error(`no activation link in the mail to ${email}`);
    return match[1]!;
  }

  activate(token: string) {
    return this.get(`/api/accounts/activation/${token}`, { headers: { Accept: 'application/json' } });
  }

  /** Signs up, opens the activation link from the mail, and returns the usable account. */
  async createActiveAccount(client: Client, overrides: Record<string, unknown> = {}): Promise<Account> {
    const { reply, input } = await this.signUp(client, overrides);
    if (reply.status !== 201) throw new Error(`sign-up failed: ${reply.status} ${reply.text}`);
    const activation = await this.activate(await this.activationToken(input.email));
    if (activation.status !== 301) throw new Error(`activation failed: ${activation.status} ${activation.text}`);
    return { name: input.name, email: input.email, password: input.password, ...reply.body };
  }

  token(client: Client | undefined, form: Record<string, string>) {
    return this.post('/api/oauth/token', { basic: client, form, headers: { Accept: 'application/json' } });
  }

  passwordGrant(client: Client, username: string, password: string, extra: Record<string, string> = {}) {
    return this.token(client, { grant_type: 'password', username, password, ...extra });
  }

  /** Password grant that must succeed. */
  async login(client: Client, account: Pick<Account, 'email' | 'password'>) {
    const reply = await this.passwordGrant(client, account.email, account.password);
    if (reply.status !== 200) throw new Error(`login failed: ${reply.status} ${reply.text}`);
    return reply.body as { access_token: string; refresh_token: string; accountSecret: string; expires_in: number; scope: string; token_type: string };
  }

  me(accessToken: string) {
    return this.get('/api/accounts/users/me', { bearer: accessToken, headers: { Accept: 'application/json' } });
  }
}

export function sharedDriver(): Driver {
  return new Driver(sharedTarget());
}

/**
 * An error reply as contract §1 shapes it: the status, a JSON body with exactly one error of this code and a
 * description, and, when `field` is given, that field.
 */
export function expectError(reply: Reply, status: number, code: string, field?: string) {
  expect(reply.status, reply.text).toBe(status);
  expect(reply.headers.get('content-type')).toMatch(/^application\/json/);
  const error = onlyError(reply);
  expect(error.code).toBe(code);
  expect(error.description.length).toBeGreaterThan(0);
  if (field !== undefined) expect(error.field).toBe(field);
}

/** The single error of an error reply, for the common one-problem case. */
export function onlyError(reply: Reply): { code: string; description: string; field?: string } {
  const errors = reply.body?.errors;
  if (!Array.isArray(errors) || errors.length !== 1) throw new Error(`expected exactly one error, got ${reply.status} ${reply.text}`);
  return errors[0];
}

export function errorCodes(reply: Reply): string[] {
  return (reply.body?.errors ?? []).map((error: { code: string }) => error.code);
}
