// The list kit in a real browser (@frilo/ui/list: defineListQuery, usePagedList, PagedList, ListPager), on the
// gallery's working list over 45 made-up customers: the state in the URL through reload and back, pages by cursor, a
// refused cursor asked again by number, a page past the end, the search's one history entry, and the states.
import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from '../../tools/testing/e2e.ts';

const rows = (page: Page) => page.getByRole('table', { name: 'Customers' }).getByRole('row');
const requests = (page: Page) => page.getByTestId('list-requests');

test('pages by cursor are links in the URL: reload and back show the same page', async ({ page }) => {
  await page.goto('/ui-gallery/list');
  await expect(page.getByText('1–10 av 45 · sida 1 av 5')).toBeVisible();
  await expect(rows(page).nth(1)).toHaveText(/Kund 01/);
  await expect(page.getByRole('link', { name: 'Föregående' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Nästa' }).click();
  await expect(page).toHaveURL(/\/ui-gallery\/list\?page=2&after=c9$/);
  await expect(rows(page).nth(1)).toHaveText(/Kund 11/);
  await page.reload();
  await expect(rows(page).nth(1)).toHaveText(/Kund 11/);
  await expect(page.getByText('11–20 av 45')).toBeVisible();
  await page.getByRole('link', { name: 'Nästa' }).click();
  await expect(rows(page).nth(1)).toHaveText(/Kund 21/);
  // Back by the previous cursor; page 1 carries none.
  await page.getByRole('link', { name: 'Föregående' }).click();
  await expect(page).toHaveURL(/\?page=2&before=c20$/);
  await expect(rows(page).nth(1)).toHaveText(/Kund 11/);
  await page.getByRole('link', { name: 'Föregående' }).click();
  await expect(page).toHaveURL(/\/ui-gallery\/list$/);
  await page.goBack();
  await expect(rows(page).nth(1)).toHaveText(/Kund 11/);
  expect(await seriousViolations(page)).toEqual([]);
});

test('a cursor the API refuses is asked again by the page number; a page past the end becomes the last', async ({
  page,
}) => {
  await page.goto('/ui-gallery/list?page=2&after=not-a-cursor');
  await expect(rows(page).nth(1)).toHaveText(/Kund 11/);
  await expect(requests(page)).toHaveText('?page=2&after=not-a-cursor | ?page=2');
  await expect(page.getByRole('alert')).toHaveCount(0);

  await page.goto('/ui-gallery/list?type=individual&page=9');
  // 15 individuals: the last page is 2, asked for by number, in place of the link (no history entry).
  await expect(page).toHaveURL(/\?type=individual&page=2$/);
  await expect(page.getByText('11–15 av 15')).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\?page=2&after=not-a-cursor$/);
});

test('searching is one history entry; a filter is another, which back undoes; nothing found says so', async ({
  page,
}) => {
  await page.goto('/ui-gallery/list?page=3');
  const search = page.getByRole('searchbox', { name: 'Find customers' });
  await search.fill('kund 4');
  // A new search starts at page 1; typing replaced the entry rather than adding one per pause.
  await expect(page).toHaveURL(/\/ui-gallery\/list\?q=kund\+4$/);
  await expect(page.getByRole('status').filter({ hasText: '6 customers' })).toBeVisible();
  await page.getByLabel('Type').selectOption('individual');
  await expect(page).toHaveURL(/\?q=kund\+4&type=individual$/);
  await expect(rows(page)).toHaveCount(3);
  await page.goBack();
  await expect(page).toHaveURL(/\?q=kund\+4$/);
  await expect(page.getByLabel('Type')).toHaveValue('');
  await expect(search).toHaveValue('kund 4');

  await search.fill('zzz');
  await expect(page.getByRole('heading', { name: 'No customers found' })).toBeVisible();
  await expect(page.getByText('No customer matches “zzz”.')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Sidor' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Show all customers' }).click();
  await expect(page).toHaveURL(/\/ui-gallery\/list$/);
  await expect(search).toHaveValue('');
  await expect(rows(page)).toHaveCount(11);
});

test('a new user sees the invitation alone; a failed page keeps the last one on screen with a retry', async ({
  page,
}) => {
  await page.goto('/ui-gallery/list?hl=en');
  await expect(rows(page)).toHaveCount(11);
  await page.getByRole('button', { name: 'No network' }).click();
  await expect(page.getByRole('alert')).toContainText('We could not reach Frilo');
  await expect(rows(page)).toHaveCount(11);
  await page.getByRole('button', { name: '45 customers' }).click();
  await expect(page.getByRole('alert')).toHaveCount(0);

  await page.getByRole('button', { name: 'No customers' }).click();
  await expect(page.getByRole('heading', { name: 'Add your first customer' })).toBeVisible();
  // One call to action: the invitation's; no toolbar, no pager.
  await expect(page.getByRole('button', { name: 'New customer' })).toHaveCount(0);
  await expect(page.getByRole('searchbox')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
});

test('the gallery shows each state of a paged list', async ({ page }) => {
  await page.goto('/ui-gallery/?hl=en');
  const states = page.getByRole('region', { name: 'Paged lists (@frilo/ui/list)' });
  await expect(states.getByRole('heading', { name: 'This could not be loaded' })).toBeVisible();
  await expect(
    states.getByText('We could not reach Frilo. Check your connection and try again.').first(),
  ).toBeVisible();
  await expect(states.getByRole('heading', { name: 'Add your first customer' })).toBeVisible();
  await expect(states.getByRole('heading', { name: 'No customers found' })).toBeVisible();
  await expect(states.getByText('11–20 of 45 · page 2 of 5')).toBeVisible();
});
