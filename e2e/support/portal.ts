import { expect, type Page } from '@playwright/test';
import { activationLink, type newPerson } from './accounts';

type Person = ReturnType<typeof newPerson>;

/** Fills and sends the portal's sign-in form (the page must show it). */
export async function signIn(page: Page, username: string, password: string) {
  await page.getByLabel('E-mail address or account number').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The error summary of a form; Next's route announcer is an alert too, so never getByRole('alert') alone. */
export const errorSummary = (page: Page) => page.locator('.error-summary');

/**
 * A person signs up in the portal, follows the activation link from the mail they received and signs in;
 * ends on the account page. Returns the new account number.
 */
export async function signUpActivateAndSignIn(page: Page, person: Person): Promise<string> {
  await page.goto('/signup');
  await page.getByLabel('Name').fill(person.name);
  await page.getByLabel('E-mail address').fill(person.email);
  await page.getByLabel('Password').fill(person.password);
  await page.getByLabel('I accept the terms and conditions').check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeFocused();

  await page.goto(await activationLink(person.email));
  await expect(page).toHaveURL(/\/login\?activated=1$/);

  await signIn(page, person.email, person.password);
  // After sign-in the person lands on the dashboard (issue 12); callers expect the account page.
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/account');
  // The sign-up answers alike for taken addresses (issue 20), so the number is read from the account page.
  return page.getByTestId('account-number').innerText();
}
