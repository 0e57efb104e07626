// A language chosen while logged in (?hl= or the switcher) is kept on the device (the cookie) and
// saved as the profile's language, so logging in again, anywhere, does not switch it back.
import { expect, freshAccount, login, test } from './fixtures.ts';
import type { Page } from '@playwright/test';

const profileLocale = async (page: Page) =>
  ((await (await page.request.get('/api/auth/profile')).json()) as { preferredLocale: string }).preferredLocale;

test('?hl=en while logged in becomes the profile language; a new login elsewhere stays in English', async ({
  page,
  browser,
}) => {
  // Two browsers and several logins.
  test.setTimeout(60_000);
  const account = await freshAccount(page);
  await login(page, account, '/dashboard/home?hl=en');
  await expect(page.getByRole('heading', { name: /Welcome/ })).toBeVisible();
  await expect.poll(() => profileLocale(page)).toBe('en');
  // The choice stays for the visit without ?hl=.
  await page.goto('/dashboard/customers');
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();

  // Another browser, nothing stored: logging in opens in the profile's language, now English.
  const other = await browser.newContext({ locale: 'sv-SE' });
  const elsewhere = await other.newPage();
  await login(elsewhere, account);
  await expect(elsewhere.getByRole('heading', { name: /Welcome/ })).toBeVisible();
  await other.close();

  // The switcher saves too.
  await page.getByRole('button', { name: /Sara Språk/ }).click();
  await page
    .getByRole('group', { name: /Language|Språk/ })
    .getByRole('button', { name: 'Svenska' })
    .click();
  await expect(page.getByRole('navigation', { name: 'Huvudmeny' })).toBeVisible();
  await expect.poll(() => profileLocale(page)).toBe('sv');
});
