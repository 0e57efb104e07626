// The web app under its Content-Security-Policy (issue 15): the shell and every remote load, render and work with
// scripts from our own origin only, without one violation of the policy.
import { DEMO, expect, login, test, watchViolations } from './fixtures.ts';

test('the login page is served with a policy that runs no inline script, and loads without a violation', async ({
  page,
}) => {
  const violations = await watchViolations(page);
  const response = await page.goto('/login');
  const policy = response!.headers()['content-security-policy'] ?? '';
  expect(policy).toMatch(/script-src 'self'/);
  expect(policy).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
  expect(policy).toMatch(/frame-ancestors 'none'/);
  await expect(page.getByRole('heading', { name: 'Logga in' })).toBeVisible();
  expect(await violations()).toEqual([]);
});

test('every remote renders its screens under the policy', async ({ page }) => {
  const violations = await watchViolations(page);
  await login(page, DEMO, '/dashboard/home');
  await expect(page.getByRole('heading', { name: `Välkommen, ${DEMO.name}!` })).toBeVisible();
  for (const [path, heading] of [
    ['/dashboard/invoices', 'Fakturor'],
    ['/dashboard/customers', 'Kunder'],
    ['/dashboard/salaries/transactions', /Lön/i],
    ['/dashboard/legacy/invoices', /Fakturor|Gamla/i],
    ['/dashboard/profile', 'Min profil'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, level: 1 }).first(), path).toBeVisible();
  }
  expect(await violations()).toEqual([]);
});
