/**
 * Two instances on one PostgreSQL sign with one PGP key (issue 13 part 1, contract §9): the key made on first start
 * is kept in the database sealed under APP_SECRET, so both publish the same public key, and a document signed by
 * one verifies with the key fetched from the other.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { gpgVerify } from '../support/gpg';
import { createDocument } from '../integration/documents-support';
import { Driver, sharedDriver, sharedTarget } from '../integration/driver';

const balanced = sharedDriver();
const [first, second] = inject('instanceUrls').map((baseUrl) => new Driver({ ...sharedTarget(), baseUrl })) as [Driver, Driver];
let token: string;

beforeAll(async () => {
  const client = await balanced.createClient({ name: 'PGP two instances' });
  token = (await balanced.login(client, await balanced.createActiveAccount(client))).access_token;
});

describe('the PGP key on two instances', () => {
  it('both publish the same public key', async () => {
    const [a, b] = await Promise.all([first.get('/api/pgp/publickey'), second.get('/api/pgp/publickey')]);
    expect(a.status).toBe(200);
    expect(a.text).toContain('-----BEGIN PGP PUBLIC KEY BLOCK-----');
    expect(b.text).toBe(a.text);
  });

  it("a document signed by one verifies with the other's key", async () => {
    const id = await createDocument(balanced, token);
    const key = (await first.get('/api/pgp/publickey')).text;
    const signed = await second.get(`/api/freightdocuments/${id}`, { bearer: token, headers: { Accept: 'application/vnd.freightdocument.v1+pgp-signature' } });
    expect(signed.status, signed.text).toBe(200);
    const check = gpgVerify(key, signed.text);
    expect(check.status, check.report).toBe(0);
  });
});
