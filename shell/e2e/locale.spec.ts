// Swedish by default; ?hl= switches and the choice survives a reload (cookie + localStorage).
import { expect, login, test } from './fixtures.ts';

test('?hl=en switches to English and stays English after a reload', async ({ page, context }) => {
  await page.goto('/login?hl=en');
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  await expect(page).toHaveURL('/login');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  const cookie = (await context.cookies()).find((item) => item.name === 'user_locale');
  expect(cookie?.value).toBe('en');
  expect(await page.evaluate(() => localStorage.getItem('user_locale'))).toBe('en');

  await page.goto('/login?hl=sv');
  await expect(page.getByRole('heading', { name: 'Logga in' })).toBeVisible();
});

test('the language switch re-renders the shell and the remote together', async ({ page }) => {
  await login(page);
  await expect(page.getByRole('heading', { name: /Välkommen/ })).toBeVisible();
  await page.getByRole('button', { name: /Demo Frilansare/ }).click();
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { name: /Welcome, Demo Frilansare/ })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Invoices' }),
  ).toBeVisible();
});
