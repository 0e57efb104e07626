// The web app under its Content-Security-Policy (issue 15): the shell and every remote load, render and work with
// scripts from our own origin only, without one violation of the policy.
import { DEMO, expect, login, test, watchViolations } from './fixtures.ts';

// The login page's policy (no inline script, no framing) and its load without a violation: a11y.spec.ts's first test,
// on the page it scans.

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
