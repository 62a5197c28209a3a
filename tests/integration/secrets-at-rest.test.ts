/**
 * ARCHITECTURE "Habits": client secrets, tokens and activation tokens are stored as hashes, the account
 * secret encrypted, passwords hashed. This file runs every flow that produces such a value against a server
 * of its own, stops it, reads every row of every table and looks for each value in clear text.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { dumpPglite, dumpPostgres, type TableDump } from '../support/dump';
import type { RunningServer } from '../support/server';
import { Driver, serverTarget, startOwnServer, uniqueEmail } from './driver';

let server: RunningServer;
/** Every secret the run produced or sent, by what it is. */
const secrets: Array<{ what: string; value: string }> = [];
/** Values that must be in the database (proof that the dump reads the real data). */
const expectedPlain: string[] = [];
const expectedHashes: string[] = [];
let dump: TableDump[];

const keep = (what: string, value: string | undefined) => {
  expect(value, what).toEqual(expect.any(String));
  secrets.push({ what, value: value! });
};
const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('hex');

beforeAll(async () => {
  server = await startOwnServer('secrets-at-rest');
  const api = new Driver(serverTarget(server));

  const client = await api.createClient({ name: 'Secrets', integration: true, implicit: true, redirectUris: ['https://s.example.test/cb'] });
  keep('client secret', client.clientSecret);
  expectedPlain.push(client.clientId);
  const other = await api.createClient({ name: 'Secrets 2' });
  keep('second client secret', other.clientSecret);

  // One account activated by its mailed link, one by the operator (its link stays unused in the database).
  const linked = { email: uniqueEmail('secret-link'), password: `pw-${crypto.randomBytes(9).toString('base64url')}` };
  const operated = { email: uniqueEmail('secret-op'), password: `pw-${crypto.randomBytes(9).toString('base64url')}` };
  for (const person of [linked, operated]) {
    keep('password at sign-up', person.password);
    const { reply } = await api.signUp(client, { email: person.email, password: person.password, companyName: 'Secret Cargo' });
    expect(reply.status).toBe(201);
    expectedPlain.push(person.email);
    const token = await api.activationToken(person.email);
    keep('activation token', token);
    expectedHashes.push(sha256(token));
  }
  expect((await api.activate(secrets.find((s) => s.what === 'activation token')!.value)).status).toBe(301);
  expect((await api.admin(['account:activate', '--email', operated.email])).code).toBe(0);

  for (const person of [linked, operated]) {
    const tokens = await api.login(client, person);
    keep('access token', tokens.access_token);
    keep('refresh token', tokens.refresh_token);
    keep('accountSecret', tokens.accountSecret);
    expectedHashes.push(sha256(tokens.access_token));
    const rotated = (await api.token(client, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token })).body;
    keep('rotated access token', rotated.access_token);
    keep('rotated refresh token', rotated.refresh_token);
  }

  // Reuse detection, revocation, a password change and a failed login all write rows too.
  const reused = await api.login(client, linked);
  keep('access token', reused.access_token);
  keep('refresh token', reused.refresh_token);
  await api.token(client, { grant_type: 'refresh_token', refresh_token: reused.refresh_token });
  await api.token(client, { grant_type: 'refresh_token', refresh_token: reused.refresh_token });
  const revoked = await api.login(client, operated);
  keep('revoked access token', revoked.access_token);
  keep('revoked refresh token', revoked.refresh_token);
  expect((await api.post('/api/oauth/revoke', { basic: client, form: { token: revoked.access_token } })).status).toBe(200);

  const newPassword = `new-${crypto.randomBytes(9).toString('base64url')}`;
  keep('changed password', newPassword);
  const current = await api.login(client, operated);
  keep('access token', current.access_token);
  keep('refresh token', current.refresh_token);
  // A webhook signing secret is shown once and kept sealed (the server signs with it).
  const subscribed = await api.post('/api/accounts/users/me/subscriptions', {
    bearer: current.access_token,
    json: { callbackUrl: 'https://93.184.215.14/hook' },
  });
  expect(subscribed.status, subscribed.text).toBe(201);
  keep('webhook signing secret', subscribed.body.signingSecret);
  keep('webhook signing key', subscribed.body.signingSecret.slice('whsec_'.length));
  expect(
    (await api.put('/api/accounts/users/me/password', { bearer: current.access_token, json: { oldPassword: operated.password, newPassword } })).status,
  ).toBe(204);
  const wrong = `wrong-${crypto.randomBytes(9).toString('base64url')}`;
  keep('mistyped password', wrong);
  expect((await api.passwordGrant(client, linked.email, wrong)).status).toBe(400);

  // Stop first: PGlite's directory may be opened by one process only, and the server's writes are then complete.
  await server.stop();
  dump = server.kind === 'pglite' ? await dumpPglite(server.dataDir!) : await dumpPostgres(server.databaseUrl!);
});

afterAll(async () => {
  await server?.dispose();
});

describe('the database after a run', () => {
  it('holds the run’s data (the dump is real)', () => {
    const text = dump.flatMap((table) => table.rows).join('\n');
    const tables = dump.map((table) => table.table);
    expect(tables).toEqual(expect.arrayContaining(['public.accounts', 'public.oauth_clients', 'public.oauth_tokens', 'public.mail_outbox']));
    for (const value of expectedPlain) expect(text).toContain(value);
    // Tokens are stored, as their hashes.
    for (const hash of expectedHashes) expect(text).toContain(hash);
    expect(dump.find((table) => table.table === 'public.mail_outbox')!.rows.length).toBeGreaterThanOrEqual(2);
  });

  it('contains no token, secret, password or activation token in clear text', () => {
    expect(secrets.length).toBeGreaterThanOrEqual(20);
    const leaks: string[] = [];
    for (const { table, rows } of dump) {
      for (const row of rows) {
        for (const { what, value } of secrets) {
          if (row.includes(value)) leaks.push(`${what} in ${table}`);
        }
      }
    }
    expect(leaks).toEqual([]);
  });

  it.runIf(inject('dbKind') === 'pglite')('has none of them in any file of the data directory either (dead rows, WAL)', () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (entry.isFile()) files.push(full);
      }
    };
    walk(server.dataDir!);
    const leaks: string[] = [];
    for (const file of files) {
      const bytes = fs.readFileSync(file);
      for (const { what, value } of secrets) {
        if (bytes.includes(value)) leaks.push(`${what} in ${path.relative(server.dataDir!, file)}`);
      }
    }
    expect(files.length).toBeGreaterThan(10);
    expect(leaks).toEqual([]);
  });
});
