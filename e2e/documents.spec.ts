import { expect, test, type Locator, type Page } from './support/test';
import { createActiveAccount, newPerson } from './support/accounts';
import { createClient } from './support/admin';
import { errorSummary, signIn, signUpActivateAndSignIn } from './support/portal';

/** A small but valid PDF: the server sniffs the real type from the bytes (contract §10). */
const PDF = Buffer.from(
  [
    '%PDF-1.4',
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj',
    'trailer << /Root 1 0 R >>',
    '%%EOF',
    '',
  ].join('\n'),
);

/** A fieldset by its legend. */
const group = (scope: Page | Locator, legend: string) => scope.getByRole('group', { name: legend, exact: true });

async function fillParty(page: Page, legend: string, values: { name?: string; city?: string; country?: string }) {
  const party = group(page, legend);
  if (values.name) await party.getByLabel('Name', { exact: true }).fill(values.name);
  if (values.city) await party.getByLabel('City', { exact: true }).fill(values.city);
  // Countries are picked by name (issue 12); the option's value is the ISO code the API takes.
  if (values.country) await party.getByLabel('Country', { exact: true }).selectOption(values.country.toUpperCase());
}

/** The fewest fields a draft needs: consignor, consignee, place of taking over with its country, and goods. */
async function fillMinimalDraft(page: Page, goods: string) {
  // The form takes input once its script runs (the button is enabled then).
  await expect(page.getByRole('button', { name: 'Save draft' })).toBeEnabled();
  await fillParty(page, 'Consignor', { name: 'Tegel BV', city: 'Utrecht', country: 'NLD' });
  await fillParty(page, 'Consignee', { name: 'Fliesen GmbH', city: 'Köln', country: 'DEU' });
  await fillParty(page, 'Place of taking over', { name: 'Warehouse Utrecht', country: 'NLD' });
  await page.getByLabel('Free-text description').check();
  await page.getByLabel('Description of the goods').fill(goods);
}

test('draft with a goods line and a PDF, fix a field error, save, issue, and find it in the list', async ({ page }) => {
  const person = newPerson('documents');
  await signUpActivateAndSignIn(page, person);

  await test.step('an empty list at first', async () => {
    await page.getByRole('banner').getByRole('link', { name: 'Documents' }).click();
    await expect(page).toHaveURL(/\/documents$/);
    await expect(page.getByRole('heading', { level: 1, name: 'My documents' })).toBeVisible();
    await expect(page.getByTestId('empty-state')).toContainText('No documents yet');
    await page.getByRole('main').getByRole('link', { name: 'Draft a document' }).first().click();
    await expect(page).toHaveURL(/\/documents\/new$/);
  });

  await test.step('fill the draft without the country of the place of taking over', async () => {
    await fillParty(page, 'Consignor', { name: 'Tegel BV', city: 'Utrecht', country: 'NLD' });
    await fillParty(page, 'Consignee', { name: 'Fliesen GmbH', city: 'Köln', country: 'deu' });
    await fillParty(page, 'Place of taking over', { name: 'Warehouse Utrecht', city: 'Utrecht' });
    await page.getByLabel('Established on').fill('2025-03-14');
    await page.getByLabel('Established in (place)').fill('Utrecht');

    const line = group(page, 'Line 1');
    await line.getByLabel('Name', { exact: true }).fill('Ceramic tiles');
    await line.getByLabel('Number of packages (optional)', { exact: true }).fill('4');
    await line.getByLabel('Method of packaging (optional)', { exact: true }).fill('pallet');
    await line.getByLabel('Weight (optional)', { exact: true }).fill('1200.5');
    await line.getByLabel('Weight unit').selectOption('KILOGRAM');

    await page.getByRole('button', { name: 'Add a reference' }).click();
    const reference = group(page, 'Reference 1');
    await expect(reference.getByLabel('Name', { exact: true })).toBeFocused();
    await reference.getByLabel('Name', { exact: true }).fill('Order');
    await reference.getByLabel('Value', { exact: true }).fill('PO-4711');

    await page.getByLabel('Add files').setInputFiles({ name: 'delivery-note.pdf', mimeType: 'application/pdf', buffer: PDF });
    const file = group(page, 'delivery-note.pdf');
    await expect(file.getByTestId('attachment-size')).toHaveText(`${PDF.length} bytes · application/pdf`);
    await file.getByLabel('Type').selectOption('GOODS');
    await file.getByLabel(/^Sealed/).check();
  });

  await test.step('the shared validation puts 3.43 next to the country code', async () => {
    await page.getByRole('button', { name: 'Save draft' }).click();
    const summary = errorSummary(page);
    await expect(summary).toBeFocused();
    await expect(summary.getByRole('listitem')).toHaveCount(1);
    await expect(summary).toContainText('Enter the country code of the place of taking over.');
    const country = group(page, 'Place of taking over').getByLabel('Country', { exact: true });
    await expect(country).toHaveAttribute('aria-invalid', 'true');
    await expect(country).toHaveAccessibleDescription(/Enter the country code of the place of taking over\./);
    await expect(page.locator('[id="doc-placeOfTakingOver.countryCode-error"]')).toHaveAttribute('data-code', '3.43');
    // Other fields are fine.
    await expect(group(page, 'Consignor').getByLabel('Country', { exact: true })).not.toHaveAttribute('aria-invalid', 'true');
    await summary.getByRole('link', { name: /country code of the place of taking over/ }).click();
    await expect(country).toBeFocused();
    await expect(page).toHaveURL(/\/documents\/new$/);
  });

  let serviceNumber = '';
  await test.step('fix it and save the draft', async () => {
    // Typing keeps the focus in the field (the summary takes focus only when the errors change).
    const country = group(page, 'Place of taking over').getByLabel('Country', { exact: true });
    await country.selectOption('NLD');
    await expect(country).toBeFocused();
    await expect(country).toHaveValue('NLD');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page).toHaveURL(/\/documents\/[^/]+\?saved=draft$/);
    await expect(page.getByRole('status').filter({ hasText: 'The draft is saved.' })).toBeVisible();
    await expect(page.getByTestId('document-status')).toHaveText('Draft');
    serviceNumber = await page.getByTestId('service-number').innerText();
    expect(serviceNumber).toMatch(/^\d{12}$/);

    const goods = page.getByTestId('structured-goods');
    await expect(goods.getByRole('row')).toHaveCount(2);
    await expect(goods).toContainText('Ceramic tiles');
    await expect(goods).toContainText('1,200.5 kilogram');
    await expect(page.getByTestId('references')).toContainText('PO-4711');
    await expect(page.getByTestId('attachments')).toContainText('delivery-note.pdf');
    await expect(page.getByTestId('attachments')).toContainText('About the goods');
    await expect(page.getByTestId('attachments')).toContainText('sealed');
    // The consignee's country was typed in lower case and sent as the ISO code.
    await expect(page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'Consignee' }) })).toContainText('(DEU)');
    // What the submitter can do with the draft now, in words (issue 12).
    await expect(page.getByTestId('own-permissions')).toContainText('You can edit this draft.');
    await expect(page.getByTestId('own-permissions')).toContainText('You can issue this draft.');
    await expect(page.getByTestId('history')).toContainText('Created');
  });

  await test.step('issue it: free in the partner environment', async () => {
    await expect(page.getByTestId('issue-cost')).toContainText('partner (test) environment: issuing is free');
    await expect(page.getByTestId('credit-balance')).toHaveText('0 credits');
    await page.getByRole('button', { name: 'Issue document' }).click();
    // Issuing asks first (issue 12).
    await page.getByRole('dialog', { name: 'Issue this document?' }).getByRole('button', { name: 'Yes, issue it' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'The document is issued.' })).toBeFocused();
    await expect(page.getByTestId('document-status')).toHaveText('Issued');
    await expect(page.getByRole('button', { name: 'Issue document' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Edit draft' })).toHaveCount(0);
    await expect(page.getByTestId('history')).toContainText('Issued');
  });

  await test.step('find it in the list, filtered by status ISSUED', async () => {
    await page.getByRole('link', { name: 'Back to your documents' }).click();
    await expect(page).toHaveURL(/\/documents$/);
    const filters = page.getByRole('form', { name: 'Filter' });
    await filters.getByLabel('Status').selectOption('ISSUED');
    await filters.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(/\/documents\?status=ISSUED$/);
    const table = page.getByTestId('documents-table');
    await expect(table.getByRole('link', { name: serviceNumber })).toBeVisible();
    await expect(table.getByRole('row').filter({ hasText: serviceNumber })).toContainText('Tegel BV');
    await expect(table.getByRole('row').filter({ hasText: serviceNumber })).toContainText('Fliesen GmbH');
    await expect(table.getByRole('row').filter({ hasText: serviceNumber })).toContainText('Mar 14, 2025');
    await expect(page.getByTestId('list-count')).toHaveText('Showing 1–1 of 1 document');

    // The filter lives in the URL: a reload keeps it.
    await page.reload();
    await expect(page.getByRole('form', { name: 'Filter' }).getByLabel('Status')).toHaveValue('ISSUED');
    await expect(page.getByTestId('documents-table').getByRole('link', { name: serviceNumber })).toBeVisible();

    // Sorting is by last modification, newest first, until a column header is chosen.
    await expect(page.getByRole('columnheader', { name: /Last modified/ })).toHaveAttribute('aria-sort', 'descending');
    await page.getByRole('link', { name: /^Service number, sort ascending/ }).click();
    await expect(page).toHaveURL(/sort=serviceNumber\.asc/);
    await expect(page.getByRole('columnheader', { name: /Service number/ })).toHaveAttribute('aria-sort', 'ascending');
    await expect(page.getByRole('columnheader', { name: /Last modified/ })).not.toHaveAttribute('aria-sort', /.+/);

    // Another status, another place: nothing matches.
    await page.goto('/documents?status=DRAFT');
    await expect(page.getByTestId('empty-state')).toContainText('No documents match');
    await page.goto(`/documents?serviceNumber=${Number(serviceNumber)}&establishedPlace=Utrecht&establishedFrom=2025-03-01&establishedTo=2025-03-31`);
    await expect(page.getByTestId('documents-table').getByRole('link', { name: serviceNumber })).toBeVisible();
    await page.goto('/documents?establishedPlace=Rotterdam');
    await expect(page.getByTestId('empty-state')).toContainText('No documents match');
  });
});

test('errors that only the server can find are shown at their fields', async ({ page, request }) => {
  const client = await createClient({ name: 'E2E documents' });
  const person = newPerson('server-errors');
  await createActiveAccount(request, client, person);
  await page.goto('/documents/new');
  await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fdocuments%2Fnew$/);
  await signIn(page, person.email, person.password);
  await expect(page).toHaveURL(/\/documents\/new$/);

  await fillMinimalDraft(page, '12 boxes of spare parts');

  await test.step('a file that only claims to be a PDF: 3.8 at its row', async () => {
    await page.getByLabel('Add files').setInputFiles({ name: 'not-really.pdf', mimeType: 'application/pdf', buffer: Buffer.from('plain text, not a PDF') });
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(errorSummary(page)).toContainText('Only PDF, PNG and JPEG files can be attached');
    const file = group(page, 'not-really.pdf');
    await expect(file.locator('.field-error[data-code="3.8"]')).toBeVisible();
    await expect(file).toHaveAccessibleDescription(/Only PDF, PNG and JPEG files can be attached/);
    await expect(page).toHaveURL(/\/documents\/new$/);
    await file.getByRole('button', { name: 'Remove not-really.pdf' }).click();
    await expect(group(page, 'not-really.pdf')).toHaveCount(0);
  });

  await test.step('an account number of no account: 4.40 at the holder field', async () => {
    const consignee = group(page, 'Consignee');
    await consignee.getByLabel('An account, by account number').check();
    await consignee.getByLabel('Holder’s account number').fill('99999999');
    await page.getByRole('button', { name: 'Save draft' }).click();
    const holder = consignee.getByLabel('Holder’s account number');
    await expect(holder).toHaveAttribute('aria-invalid', 'true');
    await expect(holder).toHaveAccessibleDescription(/No active account has this account number\./);
    await expect(consignee.locator('.field-error[data-code="4.40"]')).toBeVisible();
    await expect(errorSummary(page).getByRole('link', { name: 'No active account has this account number.' })).toBeVisible();
  });

  await test.step('without the holder the draft is saved', async () => {
    await group(page, 'Consignee').getByLabel('No holder').check();
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page).toHaveURL(/\/documents\/[^/]+\?saved=draft$/);
    await expect(page.getByTestId('document-status')).toHaveText('Draft');
    await expect(page.getByText('12 boxes of spare parts')).toBeVisible();
  });

  await test.step('editing the draft: the form is filled from it; save and issue replaces it, then issues it', async () => {
    await page.getByRole('link', { name: 'Edit draft' }).click();
    await expect(page).toHaveURL(/\/edit$/);
    const goods = page.getByLabel('Description of the goods');
    await expect(goods).toHaveValue('12 boxes of spare parts');
    await expect(group(page, 'Consignor').getByLabel('Name', { exact: true })).toHaveValue('Tegel BV');
    await expect(group(page, 'Place of taking over').getByLabel('Country', { exact: true })).toHaveValue('NLD');
    await goods.fill('14 boxes of spare parts');
    await page.getByRole('button', { name: 'Save and issue' }).click();
    await page.getByRole('dialog', { name: 'Issue this document?' }).getByRole('button', { name: 'Yes, issue it' }).click();
    await expect(page).toHaveURL(/\/documents\/[^/]+\?saved=issued$/);
    await expect(page.getByRole('status').filter({ hasText: 'The document is issued.' })).toBeVisible();
    await expect(page.getByTestId('document-status')).toHaveText('Issued');
    await expect(page.getByText('14 boxes of spare parts')).toBeVisible();
    const history = page.getByTestId('history');
    await expect(history.getByRole('row')).toHaveCount(4);
    await expect(history).toContainText('Changed');
    await expect(history).toContainText('Issued');
  });
});

test('cancel a draft after confirming: it leaves the list', async ({ page, request }) => {
  const client = await createClient({ name: 'E2E cancel' });
  const person = newPerson('cancel');
  await createActiveAccount(request, client, person);
  await page.goto('/documents?status=DRAFT');
  await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fdocuments%3Fstatus%3DDRAFT$/);
  await signIn(page, person.email, person.password);
  await expect(page).toHaveURL(/\/documents\?status=DRAFT$/);

  const drafts: { url: string; serviceNumber: string }[] = [];
  for (const goods of ['One crate', 'Two crates']) {
    await page.goto('/documents/new');
    await fillMinimalDraft(page, goods);
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page).toHaveURL(/\/documents\/[^/?]+\?saved=draft$/);
    drafts.push({ url: page.url().replace(/\?.*$/, ''), serviceNumber: await page.getByTestId('service-number').innerText() });
  }
  const [kept, cancelled] = drafts as [(typeof drafts)[number], (typeof drafts)[number]];
  const serviceNumber = cancelled.serviceNumber;

  await test.step('the list pages through both drafts, one per page', async () => {
    await page.goto('/documents?limit=1&sort=serviceNumber.asc');
    await expect(page.getByTestId('list-count')).toHaveText('Showing 1–1 of 2 documents');
    await expect(page.getByRole('form', { name: 'Filter' }).getByLabel('Documents per page')).toHaveValue('1');
    await expect(page.getByTestId('documents-table').getByRole('link', { name: kept.serviceNumber })).toBeVisible();
    await expect(page.getByText('Page 1 of 2')).toBeVisible();
    await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Next page →' }).click();
    await expect(page).toHaveURL(/first=2/);
    await expect(page.getByTestId('list-count')).toHaveText('Showing 2–2 of 2 documents');
    await expect(page.getByTestId('documents-table').getByRole('link', { name: serviceNumber })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Next page →' })).toHaveCount(0);
    await page.getByTestId('documents-table').getByRole('link', { name: serviceNumber }).click();
    await expect(page.getByTestId('document-status')).toHaveText('Draft');
  });

  await test.step('the confirmation can be declined', async () => {
    await page.getByRole('button', { name: 'Cancel draft…' }).click();
    const dialog = page.getByRole('dialog', { name: `Cancel draft ${serviceNumber}?` });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'No, keep the draft' })).toBeFocused();
    await dialog.getByRole('button', { name: 'No, keep the draft' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('document-status')).toHaveText('Draft');
  });

  await test.step('confirmed, the draft is cancelled and gone from the list', async () => {
    await page.getByRole('button', { name: 'Cancel draft…' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes, cancel the draft' }).click();
    await expect(page).toHaveURL(new RegExp(`/documents\\?cancelled=${serviceNumber}$`));
    await expect(page.getByRole('status').filter({ hasText: `Draft ${serviceNumber} is cancelled.` })).toBeVisible();
    await expect(page.getByTestId('list-count')).toHaveText('Showing 1–1 of 1 document');
    await expect(page.getByTestId('documents-table').getByRole('link', { name: kept.serviceNumber })).toBeVisible();
    await expect(page.getByRole('link', { name: serviceNumber })).toHaveCount(0);
  });

  await test.step('its page now says it does not exist', async () => {
    await page.goto(cancelled.url);
    await expect(page.getByRole('heading', { level: 1, name: 'Document not found' })).toBeVisible();
  });
});
