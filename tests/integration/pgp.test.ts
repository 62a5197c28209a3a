/**
 * PGP-signed documents (contract §9, issue 11): `gpg --verify` accepts the signed answer with the key published at
 * /pgp/publickey, and the signed text is exactly the JSON the same caller gets. A key given as PGP_PRIVATE_KEY is
 * the one used.
 */
import * as openpgp from 'openpgp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gpgVerify } from '../support/gpg';
import type { RunningServer } from '../support/server';
import { createDocument } from './documents-support';
import { Driver, expectError, serverTarget, sharedDriver, startOwnServer, type Client } from './driver';

const api = sharedDriver();
const PGP = 'application/vnd.freightdocument.v1+pgp-signature';
let client: Client;
let token: string;

beforeAll(async () => {
  client = await api.createClient({ name: 'PGP' });
  token = (await api.login(client, await api.createActiveAccount(client))).access_token;
});

describe('signed freight documents', () => {
  it('gpg --verify accepts the signed answer, and its signed text is exactly the JSON answer', async () => {
    const id = await createDocument(api, token);
    const key = await api.get('/api/pgp/publickey');
    expect(key.status).toBe(200);
    expect(key.headers.get('content-type')).toMatch(/^application\/pgp-keys/);
    expect(key.text).toContain('-----BEGIN PGP PUBLIC KEY BLOCK-----');

    const signed = await api.get(`/api/freightdocuments/${id}`, { bearer: token, headers: { Accept: PGP } });
    expect(signed.status, signed.text).toBe(200);
    expect(signed.headers.get('content-type')).toBe(PGP);
    expect(signed.text).toMatch(/^-----BEGIN PGP SIGNED MESSAGE-----\nHash: SHA(256|512)\n\n\{/);
    const plain = await api.get(`/api/freightdocuments/${id}`, { bearer: token, headers: { Accept: 'application/json' } });

    const check = gpgVerify(key.text, signed.text);
    expect(check.status, check.report).toBe(0);
    expect(check.report).toMatch(/Good signature from "Freight Document Service"/);
    expect(JSON.parse(check.signedText)).toEqual(plain.body);
    // Byte for byte, as OpenPGP reads the cleartext.
    const message = await openpgp.readCleartextMessage({ cleartextMessage: signed.text });
    expect(message.getText()).toBe(plain.text);
  });

  it('GET …/pgp is the same signed answer at its own path (issue 35), verified by gpg; JSON there is 406', async () => {
    const id = await createDocument(api, token);
    const key = (await api.get('/api/pgp/publickey')).text;
    const byPath = await api.get(`/api/freightdocuments/${id}/pgp`, { bearer: token });
    expect(byPath.status, byPath.text).toBe(200);
    expect(byPath.headers.get('content-type')).toBe(PGP);
    const check = gpgVerify(key, byPath.text);
    expect(check.status, check.report).toBe(0);
    const plain = await api.get(`/api/freightdocuments/${id}`, { bearer: token });
    expect(JSON.parse(check.signedText)).toEqual(plain.body);
    expectError(await api.get(`/api/freightdocuments/${id}/pgp`, { bearer: token, headers: { Accept: 'application/json' } }), 406, '2.6');
    expectError(await api.get(`/api/freightdocuments/${id}/pgp`), 401, '1.8');
  });

  it('a changed signed text fails gpg --verify', async () => {
    const id = await createDocument(api, token);
    const key = (await api.get('/api/pgp/publickey')).text;
    const signed = (await api.get(`/api/freightdocuments/${id}`, { bearer: token, headers: { Accept: PGP } })).text;
    const forged = signed.replace('"status":"DRAFT"', '"status":"ISSUED"');
    expect(forged).not.toBe(signed);
    expect(gpgVerify(key, forged).status).not.toBe(0);
  });

  it('the same key answers under /v1/api, as text/plain when asked, and signing needs the same rights as reading', async () => {
    const key = await api.get('/api/pgp/publickey');
    const v1 = await api.get('/v1/api/pgp/publickey', { headers: { Accept: 'text/plain' } });
    expect(v1.status).toBe(200);
    expect(v1.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(v1.text).toBe(key.text);
    expectError(await api.get('/api/pgp/publickey', { headers: { Accept: 'application/json' } }), 406, '2.6');
    expectError(await api.post('/api/pgp/publickey'), 405, '2.5');

    const stranger = (await api.login(client, await api.createActiveAccount(client))).access_token;
    const id = await createDocument(api, token);
    expectError(await api.get(`/api/freightdocuments/${id}`, { bearer: stranger, headers: { Accept: PGP } }), 404, '4.47');
    expectError(await api.get(`/api/freightdocuments/${id}`, { headers: { Accept: PGP } }), 401, '1.8');
  });
});

describe('PGP_PRIVATE_KEY', () => {
  let server: RunningServer;
  let own: Driver;
  let given: { privateKey: string; publicKey: string };

  beforeAll(async () => {
    given = await openpgp.generateKey({
      type: 'ecc',
      curve: 'curve25519Legacy',
      userIDs: [{ name: 'Operator Key', email: 'ops@example.test' }],
      format: 'armored',
    });
    server = await startOwnServer('pgp-given-key', { PGP_PRIVATE_KEY: given.privateKey });
    own = new Driver(serverTarget(server));
  });
  afterAll(() => server?.dispose());

  it('is the key that signs and the one published', async () => {
    const published = await openpgp.readKey({ armoredKey: (await own.get('/api/pgp/publickey')).text });
    expect(published.getFingerprint()).toBe((await openpgp.readKey({ armoredKey: given.publicKey })).getFingerprint());
    const ownClient = await own.createClient({ name: 'PGP own' });
    const ownToken = (await own.login(ownClient, await own.createActiveAccount(ownClient))).access_token;
    const id = await createDocument(own, ownToken);
    const signed = await own.get(`/api/freightdocuments/${id}`, { bearer: ownToken, headers: { Accept: PGP } });
    const check = gpgVerify(given.publicKey, signed.text);
    expect(check.status, check.report).toBe(0);
    expect(check.report).toMatch(/Good signature from "Operator Key <ops@example.test>"/);
  });
});
