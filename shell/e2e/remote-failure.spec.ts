// One remote down must not take the app down: its area shows the error, the rest keeps working.
import { seriousViolations } from '../../tools/testing/e2e.ts';
import { expect, login, test } from './fixtures.ts';

test('an unreachable remote shows its error with Retry while header and sidebar keep working', async ({ page }) => {
  let offline = true;
  await page.route('**/remotes/mf-invoices/mf-manifest.json', (route) =>
    offline ? route.abort('connectionrefused') : route.continue(),
  );
  await login(page);

  const error = page.getByRole('alert').filter({ hasText: 'Den här delen kunde inte laddas' });
  await expect(error).toBeVisible();
  await expect(error).toContainText('RUNTIME-003');
  await expect(page.getByRole('link', { name: 'Ny faktura' }).first()).toBeVisible();
  // The error screen passes axe (it was a test of its own in a11y.spec.ts, with its own login and page load).
  expect(await seriousViolations(page)).toEqual([]);

  // Other areas load fine.
  await page.getByRole('navigation', { name: 'Huvudmeny' }).getByRole('link', { name: 'Kunder' }).click();
  await expect(page.getByRole('heading', { name: 'Kunder', level: 1 })).toBeVisible();

  // Back to the broken area, the remote comes back, Retry loads it.
  await page.getByRole('navigation', { name: 'Huvudmeny' }).getByRole('link', { name: 'Översikt' }).click();
  await expect(error).toBeVisible();
  offline = false;
  await error.getByRole('button', { name: 'Försök igen' }).click();
  await expect(page.getByRole('heading', { name: /Välkommen/ })).toBeVisible();
});

test('a missing chunk reloads the page once, then shows the error', async ({ page }) => {
  await page.route(/\/remotes\/mf-salaries\/__federation_expose_app\.[0-9a-f]+\.js$/, (route) =>
    route.fulfill({ status: 404, body: '' }),
  );
  await login(page, undefined, null);
  let loads = 0;
  page.on('load', () => (loads += 1));
  await page.goto('/dashboard/salaries/transactions');
  const error = page.getByRole('alert').filter({ hasText: 'Den här delen kunde inte laddas' });
  await expect(error).toBeVisible({ timeout: 20_000 });
  expect(loads).toBe(2);
  expect(await page.evaluate(() => sessionStorage.getItem('frilo_chunk_reload'))).not.toBeNull();
});
