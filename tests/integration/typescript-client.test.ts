/**
 * Issue 23: the generated TypeScript client (clients/typescript, openapi-fetch over openapi-typescript's types) against
 * the shared real server: its example creates a draft and reads it back; a whole collection goes through it (create
 * issued, the carrier's approval, the consignor's by a two-factor code computed with the guide's TypeScript example);
 * and a refusal arrives typed as the service's error body.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { draftAndRead } from '../../clients/typescript/example';
import { createFdsClient, type FdsClient } from '../../clients/typescript/index';
import { challenge, response } from '../../docs/guides/examples/tfa';
import { sharedDriver, type Account } from './driver';

describe('the generated TypeScript client', () => {
  const api = sharedDriver();
  let tess: Account & { accountSecret: string };
  let asTess: FdsClient;
  let asCarl: FdsClient;
  let carlNumber: string;

  beforeAll(async () => {
    const client = await api.createClient({ name: 'TypeScript client' });
    const base = `${api.target.baseUrl}/api`;
    const tessAccount = await api.createActiveAccount(client, { name: 'Tess Typed' });
    const carlAccount = await api.createActiveAccount(client, { name: 'Carl Typed' });
    const tessLogin = await api.login(client, tessAccount);
    const carlToken = (await api.login(client, carlAccount)).access_token as string;
    tess = { ...tessAccount, accountSecret: tessLogin.accountSecret };
    carlNumber = carlAccount.accountNumber;
    asTess = createFdsClient({ baseUrl: base, accessToken: () => tessLogin.access_token as string });
    asCarl = createFdsClient({ baseUrl: base, accessToken: carlToken });
  }, 120_000);

  // Typed by the generated client (issue 35): no cast, the freight document's schema is the answer's.
  const read = async (fds: FdsClient, id: string) => {
    const { data, error } = await fds.GET('/freightdocuments/{id}', { params: { path: { id } } });
    expect(error).toBeUndefined();
    return data!;
  };

  it('creates a draft and reads it (the example)', async () => {
    const draft = await draftAndRead(asTess);
    expect(draft.freightDocumentId).toMatch(/^[0-9a-f-]{36}$/);
    expect(draft.location).toContain(`/freightdocuments/${draft.freightDocumentId}`);
    expect(draft).toMatchObject({ status: 'DRAFT', serviceNumber: expect.stringMatching(/^\d{12}$/) });
  });

  it('drives create → issue → the collection approved by a two-factor code', async () => {
    const created = await asTess.POST('/freightdocuments', {
      body: {
        type: 'WAYBILL',
        consignor: { name: 'Acme', countryCode: 'NLD', submittedAccountNumber: tess.accountNumber },
        carrier: { name: 'Fast Trucks', countryCode: 'NLD', submittedAccountNumber: carlNumber },
        consignee: { name: 'Beta', countryCode: 'DEU' },
        placeOfTakingOver: { name: 'Dock 4', countryCode: 'NLD' },
        goods: '12 pallets of apples',
      },
    });
    expect(created.error).toBeUndefined();
    const id = created.data!.freightDocumentId;
    const issued = await asTess.POST('/freightdocuments/{id}/issue', { params: { path: { id } } });
    expect(issued.response.status).toBe(200);

    const own = await asCarl.POST('/freightdocuments/{id}/submitmyapproval', {
      params: { path: { id } },
      body: { action: 'COLLECTION', ownRole: 'CARRIER', previousCommits: (await read(asCarl, id)).previousCommits },
    });
    expect(own.response.status).toBe(201);

    const carrierView = await read(asCarl, id);
    const texts = (carrierView.comments ?? []).map((comment) => comment.text ?? '');
    const shown = challenge(carrierView.serviceNumber, carrierView.collectionSecrets!.s1!, carrierView.collectionSecrets!.s3, texts);
    const { s2 } = (await read(asTess, id)).collectionSecrets!;
    const responseCode = response(shown, tess.accountNumber, s2, 'COLLECTION', tess.accountSecret);
    const approved = await asCarl.POST('/freightdocuments/{id}/submitcounterpartyapproval', {
      params: { path: { id } },
      body: { action: 'COLLECTION', evidence: { responseCode }, previousCommits: carrierView.previousCommits },
    });
    expect(approved.response.status).toBe(201);
    const after = approved.data!;
    expect(after.status).toBe('TRANSIT');
    expect(after.approvals?.at(-1)).toMatchObject({ type: 'TFA', role: 'CONSIGNOR' });
  });

  it('reads the PDF as bytes and the signed document as text at their own paths', async () => {
    const { freightDocumentId: id } = await draftAndRead(asTess);
    const pdf = await asTess.GET('/freightdocuments/{id}/pdf', { params: { path: { id } }, parseAs: 'arrayBuffer' });
    expect(pdf.response.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(pdf.data!).subarray(0, 5).toString()).toBe('%PDF-');
    const signed = await asTess.GET('/freightdocuments/{id}/pgp', { params: { path: { id } }, parseAs: 'text' });
    expect(signed.data).toMatch(/^-----BEGIN PGP SIGNED MESSAGE-----/);
  });

  it('answers a refusal as the typed error body', async () => {
    // Deliberately incomplete at run time (a client built from untyped input), so the cast is the point of the test.
    const refused = await asTess.POST('/freightdocuments', { body: { type: 'WAYBILL' } as never });
    expect(refused.response.status).toBe(400);
    expect(refused.error?.errors.map((error) => error.code)).toContain('3.1');
  });
});
