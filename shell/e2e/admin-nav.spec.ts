// The back office in the frame (docs/product/back-office.md#who-may-do-what): an admin gets its sidebar section; a
// freelancer sees none of it and gets "not found" at every /admin/ URL (the BFF refuses the API to them anyway).
import { ADMIN, DEMO, expect, login, test } from './fixtures.ts';

const ADMIN_PAGES = [
  ['Användare', '/admin/users'],
  ['Godkännandekö', '/admin/approvals'],
  ['Betalningar', '/admin/payments'],
  ['Utbetalningar', '/admin/payouts'],
  ['Växelkurser', '/admin/exchange-rates'],
  ['Rapporter', '/admin/reports'],
  ['Kampanjkoder', '/admin/campaign-codes'],
  ['Spärrlista', '/admin/blocklist'],
  ['E-fakturamottagare', '/admin/e-invoice-recipients'],
  ['Daterade inställningar', '/admin/settings'],
  ['Import av gamla poster', '/admin/legacy-import'],
  ['Granskningslogg', '/admin/audit'],
] as const;

test('an admin sees the back-office section, and its entries lead to their screens', async ({ page }) => {
  await login(page, ADMIN);
  const nav = page.getByRole('navigation', { name: 'Huvudmeny' });
  await expect(nav.getByRole('heading', { name: 'Backoffice' })).toBeVisible();
  for (const [name, path] of ADMIN_PAGES) {
    await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', path);
  }
  await nav.getByRole('link', { name: 'Användare', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Användare' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Användare', exact: true })).toHaveAttribute('aria-current', 'page');
});

test('a freelancer sees no back office and gets not-found at every /admin/ URL', async ({ page }) => {
  await login(page, DEMO);
  const nav = page.getByRole('navigation', { name: 'Huvudmeny' });
  await expect(nav.getByRole('link', { name: 'Översikt' })).toBeVisible();
  await expect(nav.getByRole('heading', { name: 'Backoffice' })).toHaveCount(0);
  for (const [name] of ADMIN_PAGES) await expect(nav.getByRole('link', { name, exact: true })).toHaveCount(0);
  for (const path of [
    '/admin/users',
    '/admin/users/00000000-0000-4000-8000-000000000000',
    '/admin/approvals',
    '/admin/audit',
    '/admin/legacy-import',
    '/admin/reports/employer-declaration',
    '/admin/payments',
    '/admin/payouts',
    '/admin/exchange-rates',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Sidan finns inte' })).toBeVisible();
  }
  // And the API says no whatever the browser shows.
  expect((await page.request.get('/api/admin/users')).status()).toBe(403);
  expect((await page.request.get('/api/admin/reports/vat-return?period=2026-11')).status()).toBe(403);
  expect((await page.request.get('/api/admin/payments')).status()).toBe(403);
});
