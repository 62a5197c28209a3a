/**
 * Finding (issue 7, high): in the partner environment anyone, without signing in, read every outgoing e-mail at
 * `/api/trpc/mailbox.list` and `/dev/mailbox`, activation links included, also while SMTP_URL was set; so a
 * stranger could register the address a consignee role was offered to, activate it from the mailbox and hold
 * the role. Contract §3 now: only the signed-in account's own mail, only while SMTP_URL is unset.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../support/server';
import { Driver, GOOD_PASSWORD, serverTarget, sharedDriver, startOwnServer, uniqueEmail, type Client } from './driver';
import { createDocument, validBody } from './documents-support';
import { PortalSession, signedInSession } from './portal-session';

interface Mail {
  to: string;
  subject: string;
  text: string;
}

const mailsOf = (reply: { body: any }) => reply.body.result.data as Mail[];

describe('with SMTP_URL set (mail really goes out): there is no mailbox', () => {
  const api = sharedDriver();

  it('a stranger gets 1.8, a signed-in account 2.2, and the page does not exist', async () => {
    const client = await api.createClient({ name: 'Mailbox with SMTP' });
    const account = await api.createActiveAccount(client);
    const stranger = await new PortalSession(api).trpcQuery('mailbox.list');
    expect(stranger.status).toBe(401);
    expect(stranger.body.error.data.errors).toEqual([expect.objectContaining({ code: '1.8' })]);

    const portal = await signedInSession(api, account.email, account.password);
    const signedIn = await portal.trpcQuery('mailbox.list');
    expect(signedIn.status).toBe(404);
    expect(signedIn.body.error.data.errors).toEqual([expect.objectContaining({ code: '2.2' })]);
    expect(signedIn.text).not.toContain('activation');
    expect((await portal.get('/dev/mailbox')).status).toBe(404);
  });
});

describe('without SMTP_URL (mail kept in the outbox): each account reads only its own mail', () => {
  let server: RunningServer;
  let api: Driver;
  let client: Client;

  /** Registers and has the operator activate (the legitimate path where no mail leaves the server). */
  async function operatorActivatedAccount(email = uniqueEmail('kept')) {
    const { reply } = await api.signUp(client, { email });
    expect(reply.status, reply.text).toBe(201);
    const activation = await api.admin(['account:activate', '--email', email]);
    expect(activation.code, activation.stderr).toBe(0);
    return { email, password: GOOD_PASSWORD, ...(reply.body as { accountId: string; accountNumber: string }) };
  }

  beforeAll(async () => {
    server = await startOwnServer('security-mailbox', { SMTP_URL: '' });
    api = new Driver(serverTarget(server));
    client = await api.createClient({ name: 'Mailbox without SMTP' });
  });

  afterAll(async () => {
    await server?.dispose();
  });

  it('a stranger cannot take over the role offered to an address by reading its activation link', async () => {
    const submitter = await operatorActivatedAccount();
    const { access_token } = await api.login(client, submitter);
    const victim = uniqueEmail('offered-consignee');
    await createDocument(api, access_token, validBody({ consignee: { name: 'Consignee', submittedAccountEmailAddress: victim } }));

    // The attacker registers the offered address; its activation mail is kept in the outbox.
    const attacker = await api.signUp(client, { email: victim, password: 'attacker password 1' });
    expect(attacker.reply.status).toBe(201);

    // Without signing in: no mailbox, not over tRPC and not as a page.
    const stranger = new PortalSession(api);
    const list = await stranger.trpcQuery('mailbox.list');
    expect(list.status).toBe(401);
    expect(list.text).not.toMatch(/activation\/[A-Za-z0-9_-]{43}/);
    const page = await stranger.get('/dev/mailbox');
    expect(page.status).toBe(307);
    expect(page.headers.get('location')).toBe('/login?callbackUrl=%2Fdev%2Fmailbox');

    // Signed in as another account: only that account's own mail.
    const other = await operatorActivatedAccount();
    const otherMails = mailsOf(await (await signedInSession(api, other.email, other.password)).trpcQuery('mailbox.list'));
    expect(otherMails.length).toBeGreaterThan(0);
    for (const mail of otherMails) expect(mail.to.toLowerCase()).toBe(other.email.toLowerCase());
    expect(JSON.stringify(otherMails)).not.toContain(victim);

    // The address is not activated, so it cannot sign in to read its own mailbox either.
    const attempt = await new PortalSession(api).signIn(victim, 'attacker password 1');
    expect(attempt.body.url).toContain('error=The%20account%20is%20not%20activated%20yet.');
  });

  it('the owner of an address, once activated, reads the mail kept for it (invitation and activation)', async () => {
    const inviter = await operatorActivatedAccount();
    const { access_token } = await api.login(client, inviter);
    const invited = uniqueEmail('invited');
    await createDocument(api, access_token, validBody({ consignee: { name: 'Consignee', submittedAccountEmailAddress: invited } }));
    const account = await operatorActivatedAccount(invited);
    const portal = await signedInSession(api, account.email, account.password);
    const mails = mailsOf(await portal.trpcQuery('mailbox.list'));
    expect(mails.map((mail) => mail.subject)).toEqual(
      expect.arrayContaining([expect.stringMatching(/you are named as consignee/), 'Activate your Freight Document Service account']),
    );
    for (const mail of mails) expect(mail.to.toLowerCase()).toBe(invited.toLowerCase());
    const page = await portal.get('/dev/mailbox');
    expect(page.status).toBe(200);
    expect(page.text).toContain(invited);
    expect(page.text).not.toContain(inviter.email);
  });
});
