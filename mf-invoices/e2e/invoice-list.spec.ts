// The invoice list: the empty state, badges in the user's language, search, every filter, sort, pages, the
// no-search-results message and cards at phone width, in Swedish and English, with axe and screenshots.
import {
  apiWrite,
  createCustomer,
  createInvoice,
  expect,
  open,
  seriousViolations,
  shoot,
  sidewaysOverflow,
  signUp,
  test,
} from './invoice-fixtures.ts';

// A fresh account, invoices through the API and a real browser: slower than the default on a shared machine.
test.describe.configure({ timeout: 60_000 });

// A new user's empty state with the way to the first invoice: invoice-detail.spec.ts, in Swedish where the deleted
// draft leaves the list empty ('a draft is deleted…', with axe and the picture list-empty-sv), in English before the
// not-found pages ('an invoice that does not exist…', with list-empty-en).

test('Swedish: search, filters, sort and the no-search-results message', async ({ page }) => {
  await signUp(page, 'sv');
  const volvo = await createCustomer(page);
  const spotify = await createCustomer(page, { name: 'Spotify AB', governmentId: '556703-7485', vatNumber: null });
  await createInvoice(page, volvo.id, { reference: 'PO 4711', hours: 12.5, daysAgo: 40 });
  await createInvoice(page, spotify.id, { reference: 'Projekt Norrsken', hours: 3, daysAgo: 2 });
  const deleted = await createInvoice(page, spotify.id, { reference: 'Felskriven', daysAgo: 1 });
  await apiWrite(page, 'DELETE', `/api/invoices/${deleted.id}`);

  await open(page, '/dashboard/invoices', 'sv');
  const table = page.getByRole('table', { name: 'Dina fakturor' });
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(page.getByRole('status').filter({ hasText: '2 fakturor' })).toBeVisible();
  // Newest first; the deleted draft is not in the default list; amounts with their currency, badges in Swedish.
  await expect(table.getByRole('row').nth(1)).toContainText('Spotify AB');
  await expect(table.getByRole('row').nth(2)).toContainText('14 843,75 kr');
  await expect(table.getByRole('row').nth(2)).toContainText('Utkast');
  await expect(table).not.toContainText('Felskriven');
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'list-filled-sv');

  // Search by reference, then by customer name: the URL keeps it.
  await page.getByRole('searchbox', { name: 'Sök fakturor' }).fill('norrsken');
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(page).toHaveURL(/q=norrsken/);
  await page.getByRole('searchbox', { name: 'Sök fakturor' }).fill('volvo');
  await expect(table.getByRole('row').nth(1)).toContainText('PO 4711');
  await expect(table.getByRole('row')).toHaveCount(2);

  await page.getByRole('searchbox', { name: 'Sök fakturor' }).fill('finns inte');
  await expect(page.getByRole('heading', { name: 'Inga fakturor hittades' })).toBeVisible();
  await expect(page.getByText('Ingen faktura matchar ”finns inte”.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'list-no-results-sv');
  await page.getByRole('button', { name: 'Visa alla fakturor' }).click();
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(page.getByRole('searchbox', { name: 'Sök fakturor' })).toHaveValue('');

  // The status filter finds the deleted draft; the customer filter and the date range narrow the list.
  await page.getByLabel('Status').selectOption({ label: 'Raderad' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText('Raderad');
  await page.getByLabel('Status').selectOption({ label: 'Alla statusar' });
  await page.getByLabel('Kund', { exact: true }).selectOption({ label: 'Volvo Personvagnar AB' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText('PO 4711');
  await page.getByLabel('Kund', { exact: true }).selectOption({ label: 'Alla kunder' });
  const tenDaysAgo = new Date(Date.now() - 10 * 86_400_000).toLocaleDateString('sv-SE');
  await page.getByLabel('Daterad från').fill(tenDaysAgo);
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText('Projekt Norrsken');
  await page.getByLabel('Daterad från').fill('');
  await expect(table.getByRole('row')).toHaveCount(3);

  // Sort oldest first; back undoes it.
  await page.getByLabel('Sortera').selectOption({ label: 'Äldst först' });
  await expect(table.getByRole('row').nth(1)).toContainText('PO 4711');
  await page.goBack();
  await expect(table.getByRole('row').nth(1)).toContainText('Projekt Norrsken');
});

test('English: badges in English, cards at phone width, and pages of twenty', async ({ page }) => {
  test.setTimeout(90_000);
  await signUp(page, 'en');
  const customer = await createCustomer(page);
  for (let n = 0; n < 21; n += 1) await createInvoice(page, customer.id, { reference: `Order ${n + 1}`, daysAgo: n });
  const euro = await createCustomer(page, {
    name: 'Beispiel GmbH',
    governmentId: null,
    vatNumber: 'DE123456788',
    invoiceLanguage: 'en',
    address: { streetName: 'Hauptstraße 1', postalCode: '10115', city: 'Berlin', country: 'DE' },
  });
  await createInvoice(page, euro.id, { currency: 'EUR', reference: 'Bestellung 118', hours: 24 });

  await open(page, '/dashboard/invoices', 'en');
  const table = page.getByRole('table', { name: 'Your invoices' });
  await expect(table.getByRole('row')).toHaveCount(21);
  await expect(table).toContainText('EUR 2,280.00');
  await expect(table).toContainText('Draft');
  await expect(page.getByText('1–20 of 22 · page 1 of 2')).toBeVisible();
  await page.getByRole('link', { name: 'Next' }).click();
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(page).toHaveURL(/page=2&after=[\w-]+$/);
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'list-page-2-en');

  await page.setViewportSize({ width: 375, height: 740 });
  const cards = page.getByRole('list', { name: 'Your invoices' });
  await expect(cards.getByRole('listitem')).toHaveCount(2);
  await expect(page.getByRole('table')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('link', { name: 'Previous' }).click();
  await expect(cards).toContainText('EUR 2,280.00');
  // From the table's breakpoint up the whole row fits beside the sidebar, its PDF button included.
  for (const width of [1200, 1280]) {
    await page.setViewportSize({ width, height: 860 });
    expect(await sidewaysOverflow(page.getByRole('table').locator('xpath=..')), `${width} px`).toBeLessThanOrEqual(0);
  }
  await shoot(page, 'list-filled-en');

  await open(page, '/dashboard/invoices?q=nothing-like-this', 'en');
  await expect(page.getByRole('heading', { name: 'No invoices found' })).toBeVisible();
  await shoot(page, 'list-no-results-en');
});
