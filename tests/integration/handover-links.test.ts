/**
 * Contract §7, hand-over links over HTTP: who may ask for one (refused exactly as submitcounterpartyapproval would
 * refuse a SIGN_ON_GLASS approval), the link itself (256-bit token, 10 minutes, no-store), the public page (no
 * account; 404 unknown, 410 used), and the approval an answer records: type SIGN_ON_GLASS, submitted by the link's
 * creator, moving the document once, and never twice for one link.
 *
 * @backends every: answers racing on one link are serialised by a row lock that only PostgreSQL really contends for.
 *
 * @blobs every: runs again against the S3 blob store (integration-s3, issue 37).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { PNG_BYTES } from './documents-support';
import { expectError, sharedDriver, type Client } from './driver';
import { createCast, Transfers, type Cast } from './transfers-support';

const api = sharedDriver();
let client: Client;
let cast: Cast;
let transfers: Transfers;

const SIGN_ON_GLASS = {
  availableSigningMethods: { collection: ['OWN'], carrierToCarrier: ['OWN'], delivery: ['OWN', 'SIGN_ON_GLASS'] },
  subsequentCarriers: [],
};
const OWN_ONLY = { availableSigningMethods: { collection: ['OWN'], carrierToCarrier: ['OWN'], delivery: ['OWN'] }, subsequentCarriers: [] };
const LINK = /^https?:\/\/[^/]+\/handover\/([A-Za-z0-9_-]{43})$/;

beforeAll(async () => {
  client = await api.createClient({ name: 'Hand-over link tests' });
  cast = await createCast(api, client);
  transfers = new Transfers(api, cast);
}, 120_000);

/** A document in TRANSIT with the carrier holding the cargo; `overrides` choose its signing methods. */
async function inTransit(overrides: Record<string, unknown> = SIGN_ON_GLASS): Promise<string> {
  const id = await transfers.create(overrides);
  expect((await transfers.own('carrier', id, { action: 'COLLECTION', ownRole: 'CARRIER' })).status).toBe(201);
  expect((await transfers.own('consignor', id, { action: 'COLLECTION', ownRole: 'CONSIGNOR' })).status).toBe(201);
  return id;
}

const askLink = (member: keyof Cast, id: string, body: Record<string, unknown> = { action: 'DELIVERY' }) =>
  api.post(`/api/freightdocuments/${id}/handoverlinks`, { bearer: cast[member].token, json: body });

const page = (token: string) => api.get(`/handover/${token}`, { headers: { Accept: 'text/html' } });

/** The page's answer, sending back the heads the page showed (those of document `id`; any for a link that is not open). */
const answer = async (input: Record<string, unknown>, id?: string) =>
  api.post('/api/trpc/tablet.answerHandover', { json: { previousCommits: id ? await transfers.heads(id) : ['0'.repeat(64)], ...input } });
const signature = PNG_BYTES.toString('base64');

async function newLink(id: string): Promise<string> {
  const reply = await askLink('carrier', id);
  expect(reply.status, reply.text).toBe(201);
  return LINK.exec(reply.body.url)![1]!;
}

describe('asking for a link', () => {
  it('the carrier side gets a one-time link: 201 {url, expiresAt}, a 256-bit token, 10 minutes, never cached', async () => {
    const id = await inTransit();
    const before = Date.now();
    const reply = await askLink('carrier', id);
    expect(reply.status, reply.text).toBe(201);
    expect(Object.keys(reply.body).sort()).toEqual(['expiresAt', 'url']);
    const token = LINK.exec(reply.body.url)?.[1];
    expect(token, reply.body.url).toBeDefined();
    expect(Buffer.from(token!, 'base64url')).toHaveLength(32);
    const lifetime = Date.parse(reply.body.expiresAt) - before;
    expect(lifetime).toBeGreaterThan(9.9 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(10 * 60_000 + 5_000);
    expect(reply.headers.get('cache-control')).toContain('no-store');
    // Every link is its own secret.
    expect((await askLink('carrier', id)).body.url).not.toBe(reply.body.url);
  });

  it('allowedActions offers CREATE_HANDOVER_LINK to the carrier side while the delivery lists sign-on-glass, to nobody else', async () => {
    const id = await inTransit();
    expect((await transfers.read('carrier', id)).allowedActions).toContain('CREATE_HANDOVER_LINK');
    for (const member of ['consignee', 'consignor', 'submitter'] as const) {
      expect((await transfers.read(member, id)).allowedActions).not.toContain('CREATE_HANDOVER_LINK');
    }
    const ownOnly = await inTransit(OWN_ONLY);
    expect((await transfers.read('carrier', ownOnly)).allowedActions).not.toContain('CREATE_HANDOVER_LINK');
  });

  it('is refused as submitcounterpartyapproval refuses: 1.4 for a counter party, 4.47 for an outsider, 4.18 for a transfer not open, 4.50 without sign-on-glass', async () => {
    const id = await inTransit();
    expectError(await askLink('consignee', id), 403, '1.4');
    expectError(await askLink('outsider', id), 404, '4.47');
    expectError(await askLink('carrier', id, { action: 'COLLECTION' }), 409, '4.18');
    expectError(await askLink('carrier', id, {}), 400, '3.1');
    expectError(await askLink('carrier', id, { action: 'LOADING' }), 400, '3.9');
    const ownOnly = await inTransit(OWN_ONLY);
    expectError(await askLink('carrier', ownOnly), 400, '4.50');
    // The same answer submitcounterpartyapproval gives for a signature there.
    const signed = await transfers.counterParty('carrier', ownOnly, {
      action: 'DELIVERY',
      evidence: { signedOnGlassBy: { name: 'X' }, attachments: [{ content: signature, mimeType: 'image/png', originalFileName: 's.png' }] },
    });
    expectError(signed, 400, '4.50');
  });
});

describe('the public page and the answer', () => {
  it('shows what is handed over without an account; an unknown or malformed link is 404 and shows nothing', async () => {
    const id = await inTransit();
    const { serviceNumber } = await transfers.read('carrier', id);
    const token = await newLink(id);
    const open = await page(token);
    expect(open.status).toBe(200);
    expect(open.text).toContain(serviceNumber);
    expect(open.text).toContain('Beta Foods');

    for (const unknown of ['A'.repeat(43), 'not-a-token']) {
      const reply = await page(unknown);
      expect(reply.status).toBe(404);
      expect(reply.text).not.toContain(serviceNumber);
    }
    expect((await answer({ token: 'A'.repeat(43), name: 'Eve', signature })).body.result.data).toEqual({ outcome: 'UNKNOWN' });
  });

  it('records a SIGN_ON_GLASS approval submitted by the link’s creator, delivers once, and the link then answers 410 with nothing of the document', async () => {
    const id = await inTransit();
    expect((await transfers.own('carrier', id, { action: 'DELIVERY', ownRole: 'CARRIER' })).status).toBe(201);
    const { serviceNumber } = await transfers.read('carrier', id);
    const token = await newLink(id);

    const reply = await answer({ token, name: 'Jan Jansen', signature }, id);
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body.result.data).toMatchObject({ outcome: 'RECORDED', declined: false, status: 'DELIVERED' });

    const delivered = await transfers.read('carrier', id);
    expect(delivered.status).toBe('DELIVERED');
    const signed = delivered.approvals.filter((approval: { type: string }) => approval.type === 'SIGN_ON_GLASS');
    expect(signed).toHaveLength(1);
    expect(signed[0]).toMatchObject({
      action: 'DELIVERY',
      side: 'COUNTER_PARTY',
      role: 'CONSIGNEE',
      account: null,
      declined: false,
      submittedBy: { accountId: cast.carrier.accountId },
      signedOnGlassBy: { name: 'Jan Jansen' },
      attachmentId: expect.any(String),
    });

    const gone = await page(token);
    expect(gone.status).toBe(410);
    expect(gone.text).not.toContain(serviceNumber);
    expect(gone.text).not.toContain('Beta Foods');
    expect((await answer({ token, name: 'Jan Jansen', signature })).body.result.data).toEqual({ outcome: 'GONE' });
    expect((await transfers.read('carrier', id)).approvals.filter((approval: { type: string }) => approval.type === 'SIGN_ON_GLASS')).toHaveLength(1);
  });

  it('two answers racing on one link record one approval', async () => {
    const id = await inTransit();
    const token = await newLink(id);
    const replies = await Promise.all([0, 1, 2].map((n) => answer({ token, name: `Signer ${n}`, signature }, id)));
    const outcomes = replies.map((reply) => reply.body?.result?.data?.outcome ?? reply.body?.error?.data?.errors?.[0]?.code);
    expect(outcomes.filter((outcome) => outcome === 'RECORDED')).toHaveLength(1);
    const approvals = (await transfers.read('carrier', id)).approvals.filter((approval: { side: string }) => approval.side === 'COUNTER_PARTY');
    expect(approvals.filter((approval: { action: string }) => approval.action === 'DELIVERY')).toHaveLength(1);
  });

  it('a decline records declined: true with the remarks, moves nothing, and ends the link', async () => {
    const id = await inTransit();
    expect((await transfers.own('carrier', id, { action: 'DELIVERY', ownRole: 'CARRIER' })).status).toBe(201);
    const token = await newLink(id);
    const missing = await answer({ token, name: 'Jan Jansen', declined: true }, id);
    expect(missing.status).toBe(400);
    expect(missing.body.error.data.errors).toEqual([expect.objectContaining({ code: '3.1', field: 'remarks' })]);

    const reply = await answer({ token, name: 'Jan Jansen', declined: true, remarks: 'Two pallets crushed' }, id);
    expect(reply.body.result.data).toMatchObject({ outcome: 'RECORDED', declined: true, status: 'TRANSIT' });
    const document = await transfers.read('carrier', id);
    expect(document.status).toBe('TRANSIT');
    expect(document.approvals.find((approval: { type: string }) => approval.type === 'SIGN_ON_GLASS')).toMatchObject({
      declined: true,
      remarks: 'Two pallets crushed',
      submittedBy: { accountId: cast.carrier.accountId },
      signedOnGlassBy: { name: 'Jan Jansen' },
    });
    expect((await page(token)).status).toBe(410);
    // The carrier may ask again: the delivery is still open.
    expect((await askLink('carrier', id)).status).toBe(201);
  });
});

describe('the life of a transfer’s links (contract §7, issue 32)', () => {
  it('a new link for the same transfer ends the earlier one: 410, and an answer through it records nothing', async () => {
    const id = await inTransit();
    const earlier = await newLink(id);
    const later = await newLink(id);
    expect((await page(earlier)).status).toBe(410);
    expect((await answer({ token: earlier, name: 'Jan Jansen', signature }, id)).body.result.data).toEqual({ outcome: 'GONE' });
    expect((await page(later)).status).toBe(200);
    expect((await transfers.read('carrier', id)).approvals.filter((approval: { type: string }) => approval.type === 'SIGN_ON_GLASS')).toHaveLength(0);
  });

  it('a decline ends the link and the transfer has no open link left; the carrier may ask again', async () => {
    const id = await inTransit();
    const earlier = await newLink(id);
    const token = await newLink(id);
    const reply = await answer({ token, name: 'Jan Jansen', declined: true, remarks: 'Wrong goods' }, id);
    expect(reply.body.result.data).toMatchObject({ outcome: 'RECORDED', declined: true });
    for (const ended of [earlier, token]) {
      expect((await page(ended)).status).toBe(410);
      expect((await answer({ token: ended, name: 'Jan Jansen', signature }, id)).body.result.data).toEqual({ outcome: 'GONE' });
    }
    expect((await page(await newLink(id))).status).toBe(200);
  });

  it('a link whose creator lost the document (its delegation revoked) answers 410 with nothing of it, and records nothing', async () => {
    const id = await inTransit();
    const { serviceNumber } = await transfers.read('carrier', id);
    const delegated = await api.post(`/api/freightdocuments/${id}/delegate`, {
      bearer: cast.carrier.token,
      json: { role: 'CARRIER', accountNumberOfDelegatee: cast.outsider.accountNumber },
    });
    expect(delegated.status, delegated.text).toBe(201);
    const asked = await askLink('outsider', id);
    expect(asked.status, asked.text).toBe(201);
    const token = LINK.exec(asked.body.url)![1]!;
    expect((await page(token)).status).toBe(200);

    const revoked = await api.request('DELETE', `/api/freightdocuments/${id}/delegates/${delegated.body.delegateId}`, { bearer: cast.carrier.token });
    expect(revoked.status, revoked.text).toBe(204);
    const gone = await page(token);
    expect(gone.status).toBe(410);
    expect(gone.text).not.toContain(serviceNumber);
    expect((await answer({ token, name: 'Jan Jansen', signature }, id)).body.result.data).toEqual({ outcome: 'GONE' });
    expect((await transfers.read('carrier', id)).approvals.filter((approval: { type: string }) => approval.type === 'SIGN_ON_GLASS')).toHaveLength(0);
  });
});
