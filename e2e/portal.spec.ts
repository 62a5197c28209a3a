import { expect, test } from './support/test';
import { activationLink, createActiveAccount, mailMatching, mailsTo, newPerson } from './support/accounts';
import { createClient } from './support/admin';
import { errorSummary, signIn } from './support/portal';

// The last files of the run: their tests, independent of each other (each makes its own people), may go to both workers, so
// that the run does not end with one worker busy with a whole file while the other waits (playwright.config.ts runs
// each file on one worker otherwise).
test.describe.configure({ mode: 'parallel' });

test('sign up, activate from the e-mail, sign in, change password, sign out, sign in again', async ({ page }) => {
  const person = newPerson('portal');
  const newPassword = `${person.password}-new`;

  await test.step('sign up', async () => {
    await page.goto('/signup');
    await page.getByLabel('Name').fill(person.name);
    await page.getByLabel('E-mail address').fill(person.email);
    await page.getByLabel('Password').fill(person.password);
    await page.getByLabel('Company').fill('E2E Haulage');
    await page.getByLabel('I accept the terms and conditions').check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeFocused();
    await expect(page.getByText(person.email)).toBeVisible();
  });

  // The sign-up answers alike whether or not the address had an account (issue 20): no account number yet.
  let accountNumber = '';

  // The open development mailbox is gone (issue 7): the person opens the link from the mail they received.
  await test.step('follow the activation link from the activation e-mail', async () => {
    const mails = await mailsTo(person.email);
    expect(mails.map((mail) => mail.subject)).toContain('Activate your Freight Document Service account');
    await page.goto(await activationLink(person.email));
    await expect(page).toHaveURL(/\/login\?activated=1$/);
    await expect(page.getByRole('status').filter({ hasText: 'Your account is activated' })).toBeVisible();
  });

  await test.step('sign in and see the account', async () => {
    await signIn(page, person.email, person.password);
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/account');
    await expect(page.getByRole('heading', { name: 'My account' })).toBeVisible();
    accountNumber = await page.getByTestId('account-number').innerText();
    expect(accountNumber).toMatch(/^\d{7,8}$/);
    await expect(page.getByTestId('account-credits')).toHaveText('0');
    await expect(page.getByTestId('account-email')).toHaveText(person.email);
    await expect(page.getByTestId('account-environment')).toHaveText('Partner (test)');
    await expect(page.getByTestId('account-company')).toHaveText('E2E Haulage');
  });

  await test.step('change password: the wrong current password is refused', async () => {
    await page.getByLabel('Current password').fill('not-my-password');
    await page.getByLabel('New password').fill(newPassword);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(errorSummary(page)).toContainText('Your current password is not correct.');
    const current = page.getByLabel('Current password');
    await expect(current).toHaveAttribute('aria-invalid', 'true');
    await expect(current).toHaveAccessibleDescription(/Your current password is not correct\./);
  });

  await test.step('change password with the right current password', async () => {
    await page.getByLabel('Current password').fill(person.password);
    await page.getByLabel('New password').fill(newPassword);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your password has been changed.' })).toBeVisible();
    await expect(errorSummary(page)).toHaveCount(0);
  });

  await test.step('sign out', async () => {
    await page.getByRole('main').getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login\?signedOut=1$/);
    await page.goto('/account');
    await expect(page).toHaveURL(/\/login\?callbackUrl=%2Faccount$/);
  });

  await test.step('the old password no longer works, the new one does', async () => {
    await signIn(page, person.email, person.password);
    await expect(errorSummary(page)).toContainText('do not match');
    await signIn(page, accountNumber, newPassword);
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByTestId('account-number')).toHaveText(accountNumber);
  });
});

test('sign-up shows field errors for a bad e-mail and a short password', async ({ page }) => {
  await page.goto('/signup');
  await page.getByLabel('Name').fill('Validation Test');
  await page.getByLabel('E-mail address').fill('not-an-e-mail');
  await page.getByLabel('Password').fill('short');
  await page.getByLabel('I accept the terms and conditions').check();
  await page.getByRole('button', { name: 'Create account' }).click();

  const summary = errorSummary(page);
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('listitem')).toHaveCount(2);

  const email = page.getByLabel('E-mail address');
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveAccessibleDescription('Error: Enter a valid e-mail address, like name@example.com.');
  await expect(page.locator('#signup-email-error')).toHaveAttribute('data-code', '3.4');

  const password = page.getByLabel('Password');
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(password).toHaveAccessibleDescription(/The password must be 8 to 128 characters long\./);
  await expect(page.locator('#signup-password-error')).toHaveAttribute('data-code', '3.2');

  await expect(page.getByLabel('Name')).not.toHaveAttribute('aria-invalid', 'true');

  // The summary's links take keyboard users to the field.
  await summary.getByRole('link', { name: /valid e-mail address/ }).click();
  await expect(email).toBeFocused();
});

test('sign-up answers alike for an e-mail already registered, and the owner is told by e-mail (issue 20)', async ({ page }) => {
  const person = newPerson('duplicate');
  for (const attempt of [1, 2]) {
    await page.goto('/signup');
    await page.getByLabel('Name').fill(person.name);
    await page.getByLabel('E-mail address').fill(attempt === 1 ? person.email : person.email.toUpperCase());
    await page.getByLabel('Password').fill(person.password);
    await page.getByLabel('I accept the terms and conditions').check();
    await page.getByRole('button', { name: 'Create account' }).click();
    // The page cannot tell who is registered: the same confirmation both times.
    await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeFocused();
    await expect(page.getByText(person.email, { exact: false })).toBeVisible();
  }
  await mailMatching(person.email, 'You already have a Freight Document Service account');
  expect((await mailsTo(person.email)).map((mail) => mail.subject)).toEqual([
    'Activate your Freight Document Service account',
    'You already have a Freight Document Service account',
  ]);
});

test('sign-in honours only same-origin callback URLs and goes straight on when signed in', async ({ page, request }) => {
  const client = await createClient({ name: 'E2E portal' });
  const person = newPerson('callback');
  await createActiveAccount(request, client, person);

  await page.goto('/login?callbackUrl=' + encodeURIComponent('//evil.example/steal'));
  await signIn(page, person.email, person.password);
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/login?callbackUrl=' + encodeURIComponent('https://evil.example/steal'));
  await expect(page).toHaveURL(/\/$/);

  // Signed in already: the login page sends the browser straight to a same-origin callback.
  await page.goto('/login?callbackUrl=' + encodeURIComponent('/documents'));
  await expect(page).toHaveURL(/\/documents$/);

  await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login\?signedOut=1$/);
  await page.goto('/login?callbackUrl=' + encodeURIComponent('/documents?from=login'));
  await signIn(page, person.email, person.password);
  await expect(page).toHaveURL(/\/documents\?from=login$/);

  // Signed in, but the authorization request names no known client: an error page, no redirect.
  await page.goto('/oauth/consent?response_type=code&client_id=unknown&redirect_uri=' + encodeURIComponent('https://evil.example/cb'));
  await expect(page.getByRole('heading', { level: 1, name: 'This sign-in link is not valid' })).toBeVisible();
  await expect(errorSummary(page)).toContainText('Unknown client.');
});

test('wrong credentials and activation errors are explained', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, 'nobody@example.com', 'wrong-password');
  await expect(errorSummary(page)).toContainText('do not match');
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('aria-invalid', 'true');

  // After LOGIN_MAX_FAILURES (5) failures the username is locked, and the page says so.
  const locked = newPerson('locked').email;
  for (let attempt = 1; attempt <= 5; attempt += 1) {
    await signIn(page, locked, `wrong-${attempt}`);
    await expect(errorSummary(page)).toContainText('do not match');
  }
  await signIn(page, locked, 'wrong-6');
  await expect(errorSummary(page)).toContainText('Too many failed sign-in attempts');

  for (const [code, title] of [
    ['4.35', 'This activation link is not valid'],
    ['4.37', 'This activation link has expired'],
    ['4.38', 'We do not know this activation link'],
    ['4.39', 'Your account is already activated'],
  ] as const) {
    await page.goto(`/activation?error=${code}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to sign-in' })).toHaveAttribute('href', '/login');
  }
  // A malformed activation link opened in the browser lands on the explanation.
  await page.goto('/api/accounts/activation/not-a-token');
  await expect(page).toHaveURL(/\/activation\?error=4\.35$/);
  await expect(page.getByRole('heading', { level: 1, name: 'This activation link is not valid' })).toBeVisible();
});
