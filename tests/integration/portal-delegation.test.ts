/**
 * The portal's delegation and webhook procedures (tRPC, issue 10 part 4) against a real server: they answer what
 * the REST services answer, with the same codes and fields in `error.data.errors`, and need a signed-in session.
 * The shared server does not allow private callback addresses, so a receiver on 127.0.0.1 is 4.14 at the field.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { validBody } from './documents-support';
import { sharedDriver, type Account, type Client, type Reply } from './driver';
import { PortalSession, signedInSession } from './portal-session';

const api = sharedDriver();
let client: Client;
const people = {} as Record<'holder' | 'delegate' | 'driver', Account & { session: PortalSession }>;

const data = (reply: Reply) => reply.body?.result?.data;
const errors = (reply: Reply) => (reply.body?.error?.data?.errors ?? []) as { code: string; field?: string }[];

beforeAll(async () => {
  client = await api.createClient({ name: 'Portal delegation' });
  for (const who of ['holder', 'delegate', 'driver'] as const) {
    const account = await api.createActiveAccount(client);
    people[who] = { ...account, session: await signedInSession(api, account.email, account.password) };
  }
});

async function newDocument(): Promise<string> {
  const token = (await api.login(client, people.holder)).access_token;
  const reply = await api.post('/api/freightdocuments', {
    bearer: token,
    json: validBody({ consignor: { name: 'Acme', countryCode: 'NLD', submittedAccountNumber: people.holder.accountNumber } }),
  });
  expect(reply.status, reply.text).toBe(201);
  return reply.body.freightDocumentId as string;
}

describe('delegation procedures', () => {
  it('delegate, list, preview and revoke on a document, with the REST codes and fields', async () => {
    const freightDocumentId = await newDocument();
    const holder = people.holder.session;

    const unknown = await holder.trpcMutation('delegation.delegateOnDocument', {
      freightDocumentId,
      role: 'CONSIGNOR',
      emailAddressOfDelegatee: 'nobody@example.test',
    });
    expect(unknown.status).toBe(400);
    expect(errors(unknown)).toEqual([expect.objectContaining({ code: '4.40', field: 'emailAddressOfDelegatee' })]);
    const both = await holder.trpcMutation('delegation.delegateOnDocument', {
      freightDocumentId,
      role: 'CONSIGNOR',
      emailAddressOfDelegatee: people.delegate.email,
      accountNumberOfDelegatee: people.delegate.accountNumber,
    });
    expect(errors(both)).toEqual([expect.objectContaining({ code: '3.16', field: 'accountNumberOfDelegatee' })]);
    const notHeld = await holder.trpcMutation('delegation.delegateOnDocument', {
      freightDocumentId,
      role: 'CARRIER',
      emailAddressOfDelegatee: people.delegate.email,
    });
    expect(errors(notHeld).map((error) => error.code)).toEqual(['1.4']);

    const made = await holder.trpcMutation('delegation.delegateOnDocument', {
      freightDocumentId,
      role: 'CONSIGNOR',
      emailAddressOfDelegatee: people.delegate.email,
    });
    expect(made.status, made.text).toBe(200);
    const toDelegate = data(made).delegateId as string;
    const again = await holder.trpcMutation('delegation.delegateOnDocument', {
      freightDocumentId,
      role: 'CONSIGNOR',
      accountNumberOfDelegatee: people.delegate.accountNumber,
    });
    expect(errors(again).map((error) => error.code)).toEqual(['3.36']);
    const further = await people.delegate.session.trpcMutation('delegation.delegateOnDocument', {
      freightDocumentId,
      role: 'CONSIGNOR',
      accountNumberOfDelegatee: people.driver.accountNumber,
    });
    expect(further.status, further.text).toBe(200);

    const listed = await holder.trpcQuery('delegation.onDocument', { freightDocumentId });
    expect(data(listed).delegates).toEqual([
      expect.objectContaining({ delegateId: toDelegate, role: 'CONSIGNOR', scope: 'DOCUMENT', delegateAccountNumber: people.delegate.accountNumber }),
    ]);
    const preview = await holder.trpcQuery('delegation.revocationPreview', { delegateId: toDelegate });
    expect(data(preview).alsoEnds).toEqual([
      expect.objectContaining({ delegateId: data(further).delegateId, delegateAccountNumber: people.driver.accountNumber }),
    ]);
    const notMine = await people.driver.session.trpcQuery('delegation.revocationPreview', { delegateId: toDelegate });
    expect(errors(notMine).map((error) => error.code)).toEqual(['4.42']);

    const revoked = await holder.trpcMutation('delegation.revokeOnDocument', { freightDocumentId, delegateId: toDelegate });
    expect(data(revoked)).toEqual({ revoked: true });
    expect(errors(await people.driver.session.trpcQuery('documents.get', { freightDocumentId })).map((error) => error.code)).toEqual(['4.47']);
    expect(data(await holder.trpcQuery('delegation.onDocument', { freightDocumentId })).delegates).toEqual([]);
  });

  it('account-wide: 4.7 to oneself, 3.38 twice, revoked on the account and 3.37 on a document', async () => {
    const holder = people.holder.session;
    const self = await holder.trpcMutation('delegation.delegateOnAccount', { role: 'CARRIER', accountNumberOfDelegatee: people.holder.accountNumber });
    expect(errors(self).map((error) => error.code)).toEqual(['4.7']);
    const made = await holder.trpcMutation('delegation.delegateOnAccount', { role: 'CONSIGNOR', accountNumberOfDelegatee: people.driver.accountNumber });
    const delegateId = data(made).delegateId as string;
    const twice = await holder.trpcMutation('delegation.delegateOnAccount', { role: 'CONSIGNOR', emailAddressOfDelegatee: people.driver.email });
    expect(errors(twice).map((error) => error.code)).toEqual(['3.38']);
    expect(data(await holder.trpcQuery('delegation.onAccount')).delegates.map((entry: { delegateId: string }) => entry.delegateId)).toEqual([delegateId]);

    const freightDocumentId = await newDocument();
    const fromDocument = await holder.trpcMutation('delegation.revokeOnDocument', { freightDocumentId, delegateId });
    expect(errors(fromDocument).map((error) => error.code)).toEqual(['3.37']);
    expect(data(await holder.trpcMutation('delegation.revokeOnAccount', { delegateId }))).toEqual({ revoked: true });
    expect(data(await holder.trpcQuery('delegation.onAccount')).delegates).toEqual([]);
  });

  it('needs a signed-in session', async () => {
    const anonymous = new PortalSession(api);
    const reply = await anonymous.trpcQuery('delegation.onAccount');
    expect(reply.status).toBe(401);
    expect(errors(reply).map((error) => error.code)).toEqual(['1.8']);
  });
});

describe('webhook procedures', () => {
  it('4.14 at callbackUrl for a bad scheme and for a private address; a public one is created with its secret once', async () => {
    const holder = people.holder.session;
    for (const callbackUrl of ['ftp://example.com/hook', 'http://127.0.0.1:9/hook', `https://example.com/${'x'.repeat(250)}`]) {
      const reply = await holder.trpcMutation('webhooks.create', { freightDocumentId: null, callbackUrl });
      expect(errors(reply), callbackUrl).toEqual([expect.objectContaining({ code: '4.14', field: 'callbackUrl' })]);
    }
    // An address literal needs no name server; nothing is sent to it (no test event here).
    const created = await holder.trpcMutation('webhooks.create', { freightDocumentId: null, callbackUrl: 'http://8.8.8.8/fds-hook' });
    expect(created.status, created.text).toBe(200);
    expect(data(created)).toEqual({
      subscriptionId: expect.any(String),
      callbackUrl: 'http://8.8.8.8/fds-hook',
      signingSecret: expect.stringMatching(/^whsec_/),
    });
    const listed = data(await holder.trpcQuery('webhooks.list', { freightDocumentId: null }));
    expect(listed.subscriptions).toEqual([expect.not.objectContaining({ signingSecret: expect.anything() })]);
    expect(data(await holder.trpcQuery('webhooks.deliveries', { freightDocumentId: null, subscriptionId: data(created).subscriptionId }))).toEqual({
      deliveries: [],
    });

    const freightDocumentId = await newDocument();
    const onDocument = await holder.trpcMutation('webhooks.create', { freightDocumentId, callbackUrl: 'http://8.8.4.4/one-document' });
    expect(onDocument.status, onDocument.text).toBe(200);
    expect(data(await holder.trpcQuery('webhooks.onDocuments')).subscriptions).toEqual([
      expect.objectContaining({ subscriptionId: data(onDocument).subscriptionId, freightDocumentId, serviceNumber: expect.any(String) }),
    ]);
    // Another account cannot reach them: the document is 4.47, the account-wide subscription 4.1.
    const stranger = people.driver.session;
    expect(errors(await stranger.trpcQuery('webhooks.list', { freightDocumentId })).map((error) => error.code)).toEqual(['4.47']);
    const foreign = await stranger.trpcMutation('webhooks.remove', { freightDocumentId: null, subscriptionId: data(created).subscriptionId });
    expect(errors(foreign).map((error) => error.code)).toEqual(['4.1']);

    for (const [scope, reply] of [
      [null, created],
      [freightDocumentId, onDocument],
    ] as const) {
      expect(data(await holder.trpcMutation('webhooks.remove', { freightDocumentId: scope, subscriptionId: data(reply).subscriptionId }))).toEqual({
        deleted: true,
      });
    }
    expect(data(await holder.trpcQuery('webhooks.list', { freightDocumentId: null })).subscriptions).toEqual([]);
  });
});
