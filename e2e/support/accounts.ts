import { expect, type APIRequestContext } from '@playwright/test';
import { basicAuth, type CreatedClient } from './admin';

let counter = 0;

/** A fresh identity per test; the suite shares one database. */
export function newPerson(label: string) {
  counter += 1;
  const unique = `${Date.now().toString(36)}${counter}${Math.random().toString(36).slice(2, 6)}`;
  return { name: `E2E ${label} ${unique}`, email: `e2e-${label}-${unique}@example.com`, password: `pw-${unique}-Secret` };
}

interface MailboxEntry {
  id: string;
  to: string;
  subject: string;
  text: string;
  createdAt: string;
}

/** The development mailbox through tRPC (`GET /api/trpc/mailbox.list`), newest first. */
export async function listMailbox(request: APIRequestContext): Promise<MailboxEntry[]> {
  const response = await request.get('/api/trpc/mailbox.list');
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as { result: { data: MailboxEntry[] } };
  return body.result.data;
}

/** The activation link of the newest mail to `email`. */
export async function activationLink(request: APIRequestContext, email: string): Promise<string> {
  const mail = (await listMailbox(request)).find((entry) => entry.to.toLowerCase() === email.toLowerCase());
  expect(mail, `an e-mail to ${email} in the outbox`).toBeDefined();
  const link = mail!.text.match(/https?:\/\/\S+\/api\/accounts\/activation\/[A-Za-z0-9_-]+/)?.[0];
  expect(link, 'an activation link in the e-mail').toBeDefined();
  return link!;
}

/** Registers through the REST API with a client system and activates through the mailbox link. */
export async function createActiveAccount(request: APIRequestContext, client: CreatedClient, person: ReturnType<typeof newPerson>) {
  const created = await request.post('/api/accounts/users', {
    headers: { Authorization: basicAuth(client) },
    data: { name: person.name, email: person.email, password: person.password, acceptTermsAndConditions: true },
  });
  expect(created.status()).toBe(201);
  const account = (await created.json()) as { accountId: string; accountNumber: string };
  const activation = await request.get(await activationLink(request, person.email), { maxRedirects: 0, headers: { Accept: 'text/html' } });
  expect(activation.status()).toBe(301);
  expect(activation.headers().location).toBe('/login?activated=1');
  return account;
}
