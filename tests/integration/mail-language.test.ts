/**
 * E-mails in the recipient's language, through a real server and SMTP: the account's preferred locale is set
 * at sign-up (the portal sends the form's language, REST takes Accept-Language) and decides the language of
 * its activation mail and of the mails that name it in a document; people without an account get the
 * submitter's language.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createDocument, validBody } from './documents-support';
import { GOOD_PASSWORD, sharedDriver, uniqueEmail, type Client } from './driver';

const api = sharedDriver();
let client: Client;

beforeAll(async () => {
  client = await api.createClient({ name: 'Mail language tests' });
});

/** REST sign-up with an Accept-Language header; returns the e-mail and account number. */
async function restSignUp(label: string, acceptLanguage?: string) {
  const email = uniqueEmail(label);
  const reply = await api.post('/api/accounts/users', {
    basic: client,
    json: { name: `Person ${label}`, email, password: GOOD_PASSWORD, acceptTermsAndConditions: true },
    headers: { Accept: 'application/json', ...(acceptLanguage ? { 'Accept-Language': acceptLanguage } : {}) },
  });
  expect(reply.status, reply.text).toBe(201);
  return { email, accountNumber: reply.body.accountNumber as string };
}

async function activate(email: string) {
  const activation = await api.activate(await api.activationToken(email));
  expect(activation.status).toBe(301);
}

describe('activation mail', () => {
  it('an account signed up in the portal in German gets its activation mail in German', async () => {
    const email = uniqueEmail('portal-de');
    // The portal's own transport (tRPC account.signUp), as the sign-up form sends it.
    const reply = await api.post('/api/trpc/account.signUp', {
      json: { name: 'Anna Schmidt', email, password: GOOD_PASSWORD, acceptTermsAndConditions: true, locale: 'de' },
    });
    expect(reply.status, reply.text).toBe(200);

    const [mail] = await api.mailsTo(email);
    expect(mail!.subject).toBe('Aktivieren Sie Ihr Konto beim Freight Document Service');
    expect(mail!.text).toContain('Hallo Anna Schmidt,');
    expect(mail!.text).toContain('Der Link ist 72 Stunden gültig.');
    expect(mail!.html).toContain('Mein Konto aktivieren');
    expect(mail!.text).toMatch(/\/api\/accounts\/activation\/[A-Za-z0-9_-]{43}/);
    // The link works whatever the language.
    await activate(email);
  });

  it('REST sign-ups take the language from Accept-Language; without one, or with an unsupported one, English', async () => {
    const french = await restSignUp('rest-fr', 'fr-BE, fr;q=0.9, en;q=0.5');
    const polish = await restSignUp('rest-pl', 'pl');
    const none = await restSignUp('rest-none');
    const spanish = await restSignUp('rest-es', 'es-ES');
    expect((await api.mailsTo(french.email))[0]!.subject).toBe('Activez votre compte Freight Document Service');
    expect((await api.mailsTo(polish.email))[0]!.subject).toBe('Aktywuj swoje konto w Freight Document Service');
    expect((await api.mailsTo(none.email))[0]!.subject).toBe('Activate your Freight Document Service account');
    expect((await api.mailsTo(spanish.email))[0]!.subject).toBe('Activate your Freight Document Service account');
  });

  it('an unknown locale in the portal sign-up is refused like any other bad value (3.9), and nothing is sent', async () => {
    const email = uniqueEmail('portal-xx');
    const reply = await api.post('/api/trpc/account.signUp', {
      json: { name: 'Nobody', email, password: GOOD_PASSWORD, acceptTermsAndConditions: true, locale: 'xx' },
    });
    expect(reply.status).toBe(400);
    expect(reply.body.error.data.errors).toEqual([expect.objectContaining({ code: '3.9', field: 'locale' })]);
    await expect(api.mailsTo(email, 1, 1_500)).rejects.toThrow(/no mail/);
  });
});

describe('named in a document', () => {
  it('each holder reads the mail in their own language; an invited person in the submitter’s', async () => {
    const submitter = await restSignUp('submitter-pl', 'pl-PL');
    const consignee = await restSignUp('consignee-nl', 'nl');
    const carrier = await restSignUp('carrier-de', 'de');
    for (const account of [submitter, consignee, carrier]) await activate(account.email);
    const token = (await api.login(client, { email: submitter.email, password: GOOD_PASSWORD })).access_token;
    const invitee = uniqueEmail('invitee');

    await createDocument(
      api,
      token,
      validBody({
        consignor: { name: 'Sender', countryCode: 'POL', submittedAccountEmailAddress: invitee },
        consignee: { name: 'Receiver', countryCode: 'NLD', submittedAccountNumber: consignee.accountNumber },
        carrier: { name: 'Haulier', submittedAccountNumber: carrier.accountNumber },
      }),
    );

    // Their first mail was the activation; the second names them.
    const [, toConsignee] = await api.mailsTo(consignee.email, 2);
    expect(toConsignee!.subject).toMatch(/^Vrachtbrief \d{12}: u bent opgegeven als geadresseerde$/);
    const [, toCarrier] = await api.mailsTo(carrier.email, 2);
    expect(toCarrier!.subject).toMatch(/^Frachtbrief \d{12}: Sie sind als Frachtführer angegeben$/);
    expect(toCarrier!.text).toMatch(/Dokument öffnen: http\S+\/documents\//);
    const [invitation] = await api.mailsTo(invitee);
    expect(invitation!.subject).toMatch(/^List przewozowy \d{12}: Twoja rola – nadawca$/);
    expect(invitation!.text).toContain('Nie masz jeszcze konta.');
    expect(invitation!.text).toContain(`/signup?email=${encodeURIComponent(invitee)}`);
  });
});

describe('delegated a role', () => {
  it('the delegatee reads the mail in its own language, per document and for every document of the role', async () => {
    const carrier = await restSignUp('delegating-carrier-en', 'en');
    const fleet = await restSignUp('fleet-fr', 'fr-FR');
    for (const account of [carrier, fleet]) await activate(account.email);
    const submitter = await restSignUp('delegation-submitter');
    await activate(submitter.email);
    const submitterToken = (await api.login(client, { email: submitter.email, password: GOOD_PASSWORD })).access_token;
    const documentId = await createDocument(api, submitterToken, validBody({ carrier: { name: 'Haulier', submittedAccountNumber: carrier.accountNumber } }));
    const carrierToken = (await api.login(client, { email: carrier.email, password: GOOD_PASSWORD })).access_token;

    const perDocument = await api.post(`/api/freightdocuments/${documentId}/delegate`, {
      bearer: carrierToken,
      json: { role: 'CARRIER', accountNumberOfDelegatee: fleet.accountNumber },
    });
    expect(perDocument.status, perDocument.text).toBe(201);
    const [, toFleet] = await api.mailsTo(fleet.email, 2);
    expect(toFleet!.subject).toMatch(/^Lettre de voiture \d{12}\u00a0: vous agissez comme transporteur$/);
    expect(toFleet!.text).toContain('Person delegating-carrier-en vous a délégué le rôle «\u00a0transporteur\u00a0»');
    expect(toFleet!.text).toMatch(/Ouvrir le document\u00a0: http\S+\/documents\//);

    const accountWide = await api.post('/api/accounts/users/me/delegates', {
      bearer: carrierToken,
      json: { role: 'CARRIER', emailAddressOfDelegatee: fleet.email },
    });
    expect(accountWide.status, accountWide.text).toBe(201);
    const [, , toFleetForAll] = await api.mailsTo(fleet.email, 3);
    expect(toFleetForAll!.subject).toBe('Vous agissez comme transporteur pour Person delegating-carrier-en');
    expect(toFleetForAll!.text).toContain('dans toutes les lettres de voiture, actuelles et futures');
  });
});
