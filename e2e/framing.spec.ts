import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './support/test';
import { createActiveAccount, newPerson } from './support/accounts';
import { createClient } from './support/admin';
import { baseURL } from './support/env';
import { signIn } from './support/portal';

/**
 * Finding of issue 7: the OAuth consent page could be framed by another site and clicked through
 * (clickjacking yields an authorization code). Now the browser must refuse to show it in a frame
 * (X-Frame-Options: DENY and CSP frame-ancestors 'none', contract §1).
 */
test('another origin frames the consent page of a signed-in person: the browser refuses to show it', async ({ page, request }) => {
  const redirectUri = 'https://tms.example/callback';
  const client = await createClient({ name: 'Framed client', integration: true, redirectUris: [redirectUri] });
  const person = newPerson('framing');
  await createActiveAccount(request, client, person);
  const consent = `${baseURL}/oauth/consent?response_type=code&client_id=${client.clientId}&redirect_uri=${encodeURIComponent(redirectUri)}&state=framed`;

  // Signed in, the consent page itself shows its Allow button: what an attacker would want framed.
  await page.goto(`/login?callbackUrl=${encodeURIComponent(new URL(consent).pathname + new URL(consent).search)}`);
  await signIn(page, person.email, person.password);
  await expect(page.getByRole('heading', { level: 1, name: 'Allow access?' })).toBeVisible();

  // The attacker's page, on another origin (another port), frames it.
  const attacker = http.createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><title>Win a prize</title><h1>Click the button</h1><iframe id="victim" src="${consent}" width="800" height="600"></iframe>`);
  });
  await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', () => resolve()));
  try {
    const refusals: string[] = [];
    page.on('console', (message) => {
      if (/frame-ancestors|X-Frame-Options|Refused to display/i.test(message.text())) refusals.push(message.text());
    });
    const attackerUrl = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}/`;
    await page.goto(attackerUrl);
    await expect(page.getByRole('heading', { name: 'Click the button' })).toBeVisible();

    const frame = page.frames().find((candidate) => candidate !== page.mainFrame())!;
    expect(frame).toBeDefined();
    // Chromium replaces a refused frame by its own error page: nothing of the consent page is in it.
    await expect.poll(() => frame.url()).not.toBe('about:blank');
    expect(frame.url()).not.toContain('/oauth/consent');
    await expect(page.frameLocator('#victim').getByRole('button', { name: 'Allow' })).toHaveCount(0);
    await expect(page.frameLocator('#victim').getByText('Allow access?')).toHaveCount(0);
    await expect.poll(() => refusals.length).toBeGreaterThan(0);
  } finally {
    await new Promise((resolve) => attacker.close(resolve));
  }
});

test('the portal works under its CSP: no violation while signing in and using the pages', async ({ page, request }) => {
  const client = await createClient({ name: 'CSP client' });
  const person = newPerson('csp');
  await createActiveAccount(request, client, person);
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (load|execute|apply)/i.test(message.text())) violations.push(message.text());
  });
  await page.goto('/signup');
  await page.goto('/login');
  await signIn(page, person.email, person.password);
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole('link', { name: 'Documents' }).first().click();
  await expect(page).toHaveURL(/\/documents/);
  await page.goto('/documents/new');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(violations).toEqual([]);
});
