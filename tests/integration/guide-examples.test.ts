/**
 * Issue 35: the webhooks guide's signature examples print its test vector (webhooks.test.ts also verifies a real
 * delivery with them). Issue 23: the two-factor guide's examples (docs/guides/examples: bash + openssl, Python 3
 * stdlib, TypeScript with node:crypto) are what an integrator runs. Each one prints the vectors of contract §8, and each computes the codes
 * of a real collection on the shared server: the carrier's challenge from what the carrier reads, the counter
 * party's response from what it reads and its own accountSecret, accepted by the server as TFA evidence.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../support/server';
import { sharedDriver, type Account, type Client } from './driver';
import { validBody } from './documents-support';

const run = promisify(execFile);
const EXAMPLES = path.join(REPO_ROOT, 'docs/guides/examples');
const TSX_CLI = path.join(REPO_ROOT, 'node_modules/tsx/dist/cli.mjs');

/** How the guide tells to run each example. */
const LANGUAGES = {
  shell: ['bash', [path.join(EXAMPLES, 'tfa.sh')]],
  python: ['python3', [path.join(EXAMPLES, 'tfa.py')]],
  typescript: [process.execPath, [TSX_CLI, path.join(EXAMPLES, 'tfa.ts')]],
} as const;

async function example(language: keyof typeof LANGUAGES, args: string[]): Promise<string> {
  const [command, prefix] = LANGUAGES[language];
  const { stdout } = await run(command, [...prefix, ...args], { env: { ...process.env, LC_ALL: 'C.UTF-8' } });
  return stdout.trim();
}

/** Contract §8's vectors, as the examples print them in `vectors` mode. */
const VECTORS = [
  'contentHash 75412',
  'challenge 7541200000012345600123451',
  'challenge without comments 6867000000012345600123450',
  'COLLECTION numeric 6327901234567009914168682',
  'COLLECTION base64 6788101234567009735214019',
  'DELIVERY numeric 8870201234567009129239976',
  'CARRIER_TO_CARRIER numeric 5068001234567009066890721',
  'verhoeff(236) 3',
].join('\n');

describe('the webhooks guide examples', () => {
  it('print the signature of the guide’s test vector (Python stdlib, TypeScript with the library)', async () => {
    const expected = 'v1,C7BxNEO+8Xy+6u6sVFmuUu2fD5pkrdUrz7/28J4AxRc=';
    expect((await run('python3', [path.join(EXAMPLES, 'webhook_signature.py'), 'vector'])).stdout.trim()).toBe(expected);
    expect((await run(process.execPath, [TSX_CLI, path.join(EXAMPLES, 'webhook-signature.ts'), 'vector'])).stdout.trim()).toBe(expected);
  });
});

describe('the two-factor guide examples', () => {
  const api = sharedDriver();
  let client: Client;
  let ann: Account & { token: string; accountSecret: string };
  let carl: Account & { token: string };

  beforeAll(async () => {
    client = await api.createClient({ name: 'TFA guide' });
    const annAccount = await api.createActiveAccount(client, { name: 'Ann Consignor' });
    const carlAccount = await api.createActiveAccount(client, { name: 'Carl Carrier' });
    const annLogin = await api.login(client, annAccount);
    ann = { ...annAccount, token: annLogin.access_token, accountSecret: annLogin.accountSecret };
    carl = { ...carlAccount, token: (await api.login(client, carlAccount)).access_token };
  }, 120_000);

  const read = async (token: string, id: string) => {
    const reply = await api.get(`/api/freightdocuments/${id}`, { bearer: token });
    expect(reply.status, reply.text).toBe(200);
    return reply.body;
  };

  for (const language of Object.keys(LANGUAGES) as (keyof typeof LANGUAGES)[]) {
    it(`${language}: prints the vectors of contract §8, and its codes approve a real collection`, async () => {
      expect(await example(language, ['vectors'])).toBe(VECTORS);

      const created = await api.post('/api/freightdocuments', {
        bearer: ann.token,
        json: validBody({
          status: 'ISSUED',
          consignor: { name: 'Acme', countryCode: 'NLD', submittedAccountNumber: ann.accountNumber },
          carrier: { name: 'Fast Trucks', countryCode: 'NLD', submittedAccountNumber: carl.accountNumber },
        }),
      });
      expect(created.status, created.text).toBe(201);
      const id = created.body.freightDocumentId as string;
      const heads = async () => (await read(carl.token, id)).previousCommits;
      // Comments feed the challenge: one with non-ASCII letters, and a reservation (a comment too).
      for (const body of [{ text: 'Kühlkette geprüft, 2 °C' }, { text: 'Wrapping torn', reservation: { stage: 'TAKING_OVER', kind: 'PACKAGING' } }]) {
        const comment = await api.post(`/api/freightdocuments/${id}/comments`, { bearer: carl.token, json: { ...body, previousCommits: await heads() } });
        expect(comment.status, comment.text).toBe(201);
      }
      const own = await api.post(`/api/freightdocuments/${id}/submitmyapproval`, {
        bearer: carl.token,
        json: { action: 'COLLECTION', ownRole: 'CARRIER', previousCommits: await heads() },
      });
      expect(own.status, own.text).toBe(201);

      // The carrier's device: the challenge from its own view of the document.
      const carrierView = await read(carl.token, id);
      const texts = (carrierView.comments as { text: string | null }[]).map((comment) => comment.text ?? '');
      const { s1, s3 } = carrierView.collectionSecrets;
      const challenge = await example(language, ['challenge', carrierView.serviceNumber, s1, s3, ...texts]);
      expect(challenge).toMatch(/^\d{25}$/);
      // The consignor's device: its s2 (it sees s2 and s3, never s1) and its accountSecret.
      const consignorView = await read(ann.token, id);
      expect(consignorView.collectionSecrets.s1).toBeUndefined();
      const response = await example(language, ['response', challenge, ann.accountNumber, consignorView.collectionSecrets.s2, 'COLLECTION', ann.accountSecret]);

      const approved = await api.post(`/api/freightdocuments/${id}/submitcounterpartyapproval`, {
        bearer: carl.token,
        json: { action: 'COLLECTION', evidence: { responseCode: response }, previousCommits: await heads() },
      });
      expect(approved.status, approved.text).toBe(201);
      expect(approved.body.status).toBe('TRANSIT');
      expect(approved.body.approvals.at(-1)).toMatchObject({ type: 'TFA', role: 'CONSIGNOR', action: 'COLLECTION' });
    });
  }
});
