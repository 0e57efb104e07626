// Finding customers: search (debounced, in the URL), type filter, sort and pages, the
// no-search-results message and the empty state.
import { createCustomer, expect, open, signUp, test } from './fixtures.ts';

// A new user's empty state with its one call to create the first customer: a11y.spec.ts ('the list: empty, filled, no
// results, the delete dialog').

test('search by name or organisation number; the URL keeps it through reload and back', async ({ page }) => {
  await signUp(page);
  await createCustomer(page);
  await createCustomer(page, {
    name: 'Spotify AB',
    governmentId: '556703-7485',
    vatNumber: null,
    contactPersonEmail: 'ap@spotify.example',
    email: null,
  });
  await createCustomer(page, {
    type: 'individual',
    name: 'Sven Svensson',
    governmentId: '811218-9876',
    vatNumber: null,
    contactPersonEmail: 'sven@example.com',
  });
  await open(page, '/dashboard/customers');
  await expect(page.getByRole('status').filter({ hasText: '3 kunder' })).toBeVisible();

  await page.getByRole('searchbox', { name: 'Sök' }).fill('5567037485');
  await expect(page).toHaveURL('/dashboard/customers?q=5567037485');
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('link', { name: 'Spotify AB', exact: true })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Sök' })).toHaveValue('5567037485');
  await expect(page.getByRole('link', { name: 'Spotify AB', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Volvo Personvagnar AB', exact: true })).toHaveCount(0);

  // Opening a customer and coming back keeps the search.
  await page.getByRole('link', { name: 'Spotify AB', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Spotify AB', level: 1 })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL('/dashboard/customers?q=5567037485');
  await expect(page.getByRole('searchbox', { name: 'Sök' })).toHaveValue('5567037485');
  await expect(page.getByRole('link', { name: 'Volvo Personvagnar AB', exact: true })).toHaveCount(0);

  // The type filter is a new history entry: back undoes it.
  await page.getByRole('searchbox', { name: 'Sök' }).fill('');
  await expect(page).toHaveURL('/dashboard/customers');
  await page.getByLabel('Typ', { exact: true }).selectOption('individual');
  await expect(page).toHaveURL('/dashboard/customers?type=individual');
  await expect(page.getByRole('link', { name: 'Sven Svensson', exact: true })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: '1 kund' })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL('/dashboard/customers');
  await expect(page.getByRole('status').filter({ hasText: '3 kunder' })).toBeVisible();
  await expect(page.getByLabel('Typ', { exact: true })).toHaveValue('');
});

// A search that finds nothing says so, and clearing it shows everyone again: a11y.spec.ts ('the list: empty, filled, no
// results, the delete dialog'), on the list it scans.

test('sorting and pages are links in the URL', async ({ page }) => {
  await signUp(page);
  for (let n = 1; n <= 21; n += 1) await createCustomer(page, { name: `Kund ${String(n).padStart(2, '0')}` });
  await open(page, '/dashboard/customers');
  await expect(page.getByText('1–20 av 21')).toBeVisible();
  await page.getByRole('link', { name: 'Nästa' }).click();
  // Page 2 is found from the API's cursor for it (keyset), which the URL keeps for reload and back.
  await expect(page).toHaveURL(/^[^?]*\/dashboard\/customers\?page=2&after=[\w-]+$/);
  await expect(page.getByRole('link', { name: 'Kund 21', exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('link', { name: 'Kund 21', exact: true })).toBeVisible();
  await expect(page.getByText('21–21 av 21')).toBeVisible();
  await page.getByRole('link', { name: 'Föregående' }).click();
  await expect(page).toHaveURL('/dashboard/customers');
  await expect(page.getByRole('link', { name: 'Kund 01', exact: true })).toBeVisible();
  // A cursor the API refuses (an old or edited link) still shows the page, found by its number.
  await open(page, '/dashboard/customers?page=2&after=bm90LWEtY3Vyc29y');
  await expect(page.getByRole('link', { name: 'Kund 21', exact: true })).toBeVisible();
  await page.getByLabel('Sortera efter').selectOption('name-desc');
  await expect(page).toHaveURL('/dashboard/customers?sort=name&order=desc');
  await expect(page.getByRole('row').nth(1)).toContainText('Kund 21');
});

test('on a phone the customers are cards', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signUp(page);
  await createCustomer(page);
  await open(page, '/dashboard/customers');
  await expect(page.getByRole('list', { name: 'Dina kunder' }).getByRole('listitem')).toHaveCount(1);
  await expect(page.getByRole('table')).toHaveCount(0);
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(375);
});
