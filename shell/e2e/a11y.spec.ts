// Automated accessibility checks (axe): no serious or critical violations on the main screens.
import AxeBuilder from '@axe-core/playwright';
import { expect, login, test } from './fixtures.ts';
import { openInLanguage, seriousViolations } from '../../tools/testing/e2e.ts';

test('the login page', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Logga in' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the dashboard in English', async ({ page }) => {
  await login(page, undefined, null);
  await openInLanguage(page, '/dashboard/home', 'en');
  await expect(page.getByRole('heading', { name: /Welcome/ })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the remote error screen', async ({ page }) => {
  await page.route('**/remotes/mf-customers/mf-manifest.json', (route) => route.abort());
  await login(page, undefined, '/dashboard/customers');
  await expect(page.getByRole('button', { name: 'Försök igen' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });
  test('the open slide-in menu', async ({ page }) => {
    await login(page);
    await page.getByRole('button', { name: 'Öppna menyn' }).click();
    await expect(page.getByRole('dialog', { name: 'Meny' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test('the scan finds what a full AxeBuilder run finds (it is not a scan that cannot fail)', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Logga in' })).toBeVisible();
  // A nameless button, an image without text and grey on white: serious or critical in WCAG 2.1 AA.
  await page.evaluate(() => {
    document.body.insertAdjacentHTML(
      'beforeend',
      '<button id="nameless"></button><img id="textless" src="/favicon.ico"><p style="color:#ccc;background:#fff">Svag</p>',
    );
  });
  const fast = await seriousViolations(page);
  expect(fast.join('\n')).toMatch(/button-name: #nameless/);
  expect(fast.join('\n')).toMatch(/image-alt: #textless/);
  expect(fast.join('\n')).toMatch(/color-contrast/);
  const full = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(fast).toEqual(
    full.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
  );
});
