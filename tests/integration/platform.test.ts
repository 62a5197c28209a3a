/**
 * Contract §1: URLs, headers and status codes that hold for every endpoint — heartbeat, unknown paths,
 * methods, content negotiation, the /v1 prefix, trailing slashes, and the bearer challenges.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import packageJson from '../../package.json';
import { expectError, sharedDriver, type Account, type Client } from './driver';

const api = sharedDriver();
let client: Client;
let account: Account;
let accessToken: string;

beforeAll(async () => {
  client = await api.createClient({ name: 'Platform tests' });
  account = await api.createActiveAccount(client);
  accessToken = (await api.login(client, account)).access_token;
});

describe('heartbeat', () => {
  it('answers UP with the build version, without authentication', async () => {
    const reply = await api.get('/api/heartbeat');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/^application\/json/);
    expect(reply.body).toEqual({ status: 'UP', buildVersion: packageJson.version });
  });
});

describe('where a newcomer looks first (issue 23)', () => {
  it('/api and /v1/api answer an index that points at the reference; /docs redirects to /docs/api', async () => {
    for (const base of ['/api', '/api/', '/v1/api', '/v1/api/']) {
      const reply = await api.get(base);
      expect(reply.status, base).toBe(200);
      expect(reply.body).toMatchObject({ documentation: '/docs/api', openapi: '/api/openapi.json', version: packageJson.version });
    }
    for (const [path, header] of Object.entries((await api.get('/api')).body.links as Record<string, string>)) {
      expect((await api.request('OPTIONS', header)).status, path).toBe(204);
    }
    const post = await api.post('/api', { json: {} });
    expectError(post, 405, '2.5');
    expect(post.headers.get('allow')).toBe('GET');
    for (const docs of ['/docs', '/docs/']) {
      const reply = await api.get(docs);
      expect(reply.status, docs).toBe(307);
      expect(new URL(reply.headers.get('location')!, 'http://x').pathname).toBe('/docs/api');
    }
  });
});

describe('request errors (category 2)', () => {
  it('2.2: an unknown path is 404, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) {
      expectError(await api.request(method, '/api/no/such/thing'), 404, '2.2');
    }
    expectError(await api.get('/v1/api/freightdocumentz'), 404, '2.2');
  });

  it('2.5: a method not offered on an existing path is 405 with Allow', async () => {
    const del = await api.request('DELETE', '/api/heartbeat');
    expectError(del, 405, '2.5');
    expect(del.headers.get('allow')).toBe('GET');

    const getToken = await api.get('/api/oauth/token');
    expectError(getToken, 405, '2.5');
    expect(getToken.headers.get('allow')).toBe('POST');

    const postMe = await api.post('/api/accounts/users/me', { bearer: accessToken, json: {} });
    expectError(postMe, 405, '2.5');
    expect(postMe.headers.get('allow')).toBe('GET');
  });

  it('2.6: an Accept the endpoint cannot satisfy is 406', async () => {
    expectError(await api.get('/api/heartbeat', { headers: { Accept: 'text/csv' } }), 406, '2.6');
    expectError(await api.get('/api/accounts/users/me', { bearer: accessToken, headers: { Accept: 'text/csv' } }), 406, '2.6');
  });

  it('accepts application/json, */*, application/* and a missing Accept alike', async () => {
    for (const accept of ['application/json', '*/*', 'application/*', 'application/json;charset=UTF-8', 'text/html;q=0.9, */*;q=0.1', undefined]) {
      const reply = await api.get('/api/accounts/users/me', { bearer: accessToken, headers: accept ? { Accept: accept } : {} });
      expect(reply.status, `Accept: ${accept}`).toBe(200);
      expect(reply.body.accountId).toBe(account.accountId);
    }
  });
});

describe('bearer authentication on resources', () => {
  it('1.8: no Authorization is 401 with a bare Bearer challenge', async () => {
    const reply = await api.get('/api/accounts/users/me');
    expectError(reply, 401, '1.8');
    expect(reply.headers.get('www-authenticate')).toBe('Bearer realm="service"');
  });

  it('1.8: an Authorization header of another scheme counts as no access token', async () => {
    const reply = await api.get('/api/accounts/users/me', { basic: client });
    expectError(reply, 401, '1.8');
    expect(reply.headers.get('www-authenticate')).toBe('Bearer realm="service"');
  });

  it('1.11: an unknown token is 401 with error="invalid_token"', async () => {
    const reply = await api.me('not-a-token-we-ever-issued');
    expectError(reply, 401, '1.11');
    expect(reply.headers.get('www-authenticate')).toBe('Bearer realm="service",error="invalid_token"');
  });
});

describe('paths', () => {
  it('tolerates a trailing slash on GET and POST', async () => {
    const heartbeat = await api.get('/api/heartbeat/');
    expect(heartbeat.status).toBe(200);
    expect(heartbeat.body.status).toBe('UP');

    const me = await api.get('/api/accounts/users/me/', { bearer: accessToken });
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(account.email);

    const token = await api.post('/v1/api/oauth/token/', {
      basic: client,
      form: { grant_type: 'password', username: account.email, password: account.password },
    });
    expect(token.status).toBe(200);
    expect(token.body.access_token).toEqual(expect.any(String));
  });

  it('serves every endpoint under /v1/api with the same status, body and challenge as under /api', async () => {
    const cases: Array<[string, string, Parameters<typeof api.request>[2]]> = [
      ['GET', '/heartbeat', {}],
      ['GET', '/no/such/path', {}],
      ['DELETE', '/heartbeat', {}],
      ['GET', '/heartbeat', { headers: { Accept: 'text/csv' } }],
      ['GET', '/accounts/users/me', {}],
      ['GET', '/accounts/users/me', { bearer: 'unknown-token' }],
      ['GET', '/accounts/users/me', { bearer: accessToken }],
      ['POST', '/oauth/token', { form: { grant_type: 'password', username: 'x', password: 'y' } }],
      ['POST', '/oauth/token', { basic: client, form: { grant_type: 'magic' } }],
      ['POST', '/accounts/users', { basic: client, json: { email: 'nope', acceptTermsAndConditions: false } }],
      ['POST', '/accounts/users', { basic: client, body: '{"broken', headers: { 'Content-Type': 'application/json' } }],
      ['GET', '/accounts/activation/short', {}],
      ['PUT', '/accounts/users/me/password', { bearer: accessToken, json: { oldPassword: 'wrong-password', newPassword: 'another password' } }],
      ['GET', '/oauth/authorize?response_type=code&client_id=nobody&redirect_uri=https%3A%2F%2Fexample.test%2Fcb', {}],
    ];
    for (const [method, path, options] of cases) {
      const plain = await api.request(method, `/api${path}`, options);
      const versioned = await api.request(method, `/v1/api${path}`, options);
      const label = `${method} ${path}`;
      expect(versioned.status, label).toBe(plain.status);
      expect(versioned.text, label).toBe(plain.text);
      for (const header of ['content-type', 'www-authenticate', 'allow', 'location', 'cache-control']) {
        expect(versioned.headers.get(header), `${label} ${header}`).toBe(plain.headers.get(header));
      }
    }
  });
});
