import { expect, type APIRequestContext } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import PostalMime from 'postal-mime';
import { basicAuth, type CreatedClient } from './admin';
import { mailDir } from './env';

let counter = 0;

/** A fresh identity per test; the suite shares one database. */
export function newPerson(label: string) {
  counter += 1;
  const unique = `${Date.now().toString(36)}${counter}${Math.random().toString(36).slice(2, 6)}`;
  return { name: `E2E ${label} ${unique}`, email: `e2e-${label}-${unique}@example.com`, password: `pw-${unique}-Secret` };
}

/** The mails the SMTP sink received for an address, oldest first, waiting up to 15 s for the first. */
export async function mailsTo(email: string): Promise<{ subject: string; text: string }[]> {
  const wanted = email.toLowerCase();
  const deadline = Date.now() + 15_000;
  for (;;) {
    const files = fs
      .readdirSync(mailDir)
      .filter((name) => name.endsWith('.eml') && decodeURIComponent(name.slice(7, -4)).split(',').includes(wanted))
      .sort();
    if (files.length > 0) {
      return Promise.all(
        files.map(async (name) => {
          const mail = await PostalMime.parse(fs.readFileSync(path.join(mailDir, name)));
          return { subject: mail.subject ?? '', text: mail.text ?? '' };
        }),
      );
    }
    if (Date.now() > deadline) throw new Error(`no mail for ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The first mail to `email` whose subject matches, waiting up to 15 s for it (mails are sent by a background job). */
export async function mailMatching(email: string, subject: RegExp | string): Promise<{ subject: string; text: string }> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const found = (await mailsTo(email)).find((mail) => (typeof subject === 'string' ? mail.subject.includes(subject) : subject.test(mail.subject)));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no mail for ${email} with subject ${String(subject)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The activation link of the mail to `email`, as the person finds it in their own mail. */
export async function activationLink(email: string): Promise<string> {
  const mails = await mailsTo(email);
  const mail = mails.find((entry) => entry.subject === 'Activate your Freight Document Service account');
  expect(mail, `an activation e-mail to ${email}`).toBeDefined();
  const link = mail!.text.match(/https?:\/\/\S+\/api\/accounts\/activation\/[A-Za-z0-9_-]+/)?.[0];
  expect(link, 'an activation link in the e-mail').toBeDefined();
  return link!;
}

/** Registers through the REST API with a client system and activates through the link in the mail. */
export async function createActiveAccount(request: APIRequestContext, client: CreatedClient, person: ReturnType<typeof newPerson>) {
  const created = await request.post('/api/accounts/users', {
    headers: { Authorization: basicAuth(client) },
    data: { name: person.name, email: person.email, password: person.password, acceptTermsAndConditions: true },
  });
  expect(created.status()).toBe(201);
  const account = (await created.json()) as { accountId: string; accountNumber: string };
  const activation = await request.get(await activationLink(person.email), { maxRedirects: 0, headers: { Accept: 'text/html' } });
  expect(activation.status()).toBe(301);
  expect(activation.headers().location).toBe('/login?activated=1');
  return account;
}
