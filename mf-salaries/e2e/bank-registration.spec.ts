// Bank registration end to end: from the app to the built-in provider's page, a wrong and a right account, back to
// /dashboard/pinebucket-confirmation; cancelling; in Swedish and in English, with axe and screenshots.
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { apiPost, expect, seriousViolations, signUp, test } from './fixtures.ts';
import { shotsDir } from '../../tools/testing/screens.ts';

/** A full-page picture for people to look at, when SHOTS_DIR is set. */
async function picture(page: Page, name: string) {
  const dir = shotsDir('bank-registration');
  if (dir) await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
}

test('Swedish: a wrong account number is shown on its field, a right one is registered and shown masked', async ({
  page,
}) => {
  await signUp(page, 'sv');
  await page.goto('/dashboard/home?hl=sv');
  const start = await apiPost(page, '/api/bank-details/registrations', { locale: 'sv' });
  const { redirectUrl } = (await start.json()) as { redirectUrl: string };
  await page.goto(redirectUrl);
  await expect(page.getByRole('heading', { name: 'Registrera bankkonto' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 375, height: 800 });
  await picture(page, 'provider-sv-375');
  await page.setViewportSize({ width: 1280, height: 860 });

  await page.getByLabel('Clearingnummer').fill('8327-9');
  await page.getByLabel('Kontonummer').fill('123 456 789-6');
  await page.getByRole('button', { name: 'Spara kontot' }).click();
  await expect(
    page.getByText('Kontonumret stämmer inte för den här banken. Kontrollera siffrorna.').first(),
  ).toBeVisible();
  await expect(page.getByLabel('Kontonummer')).toHaveAttribute('aria-invalid', 'true');
  expect(await seriousViolations(page)).toEqual([]);
  await picture(page, 'provider-sv-error-1280');

  await page.getByLabel('Kontonummer').fill('123 456 789-7');
  await page.getByRole('button', { name: 'Spara kontot' }).click();
  await expect(page).toHaveURL(/\/dashboard\/pinebucket-confirmation\?state=/);
  await expect(page.getByRole('heading', { name: 'Ditt bankkonto är registrerat' })).toBeVisible();
  await expect(page.getByText('Swedbank •••• 7897')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await picture(page, 'return-sv-success-1280');
  await page.setViewportSize({ width: 375, height: 800 });
  await picture(page, 'return-sv-success-375');

  // The same return page again (a reload): the state was used, the account stands.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Bankregistreringen är redan klar' })).toBeVisible();
  const details = await (await page.request.get('/api/bank-details')).json();
  expect(details.account.masked).toBe('Swedbank •••• 7897');
});

test('English: an IBAN account, then a cancelled change that leaves it as it was', async ({ page }) => {
  await signUp(page, 'en');
  await page.goto('/dashboard/home?hl=en');
  let start = await apiPost(page, '/api/bank-details/registrations', { locale: 'en' });
  await page.goto(((await start.json()) as { redirectUrl: string }).redirectUrl);
  await expect(page.getByRole('heading', { name: 'Register your bank account' })).toBeVisible();
  await page.getByLabel('Account abroad (IBAN)').check();
  await page.getByLabel('IBAN', { exact: true }).fill('DE89 3704 0044 0532 0130 00');
  await page.getByLabel('BIC').fill('COBADEFFXXX');
  await picture(page, 'provider-en-iban-1280');
  await page.getByRole('button', { name: 'Save the account' }).click();
  await expect(page.getByRole('heading', { name: 'Your bank account is registered' })).toBeVisible();
  await expect(page.getByText('DE89 •••• 3000')).toBeVisible();

  start = await apiPost(page, '/api/bank-details/registrations', { locale: 'en' });
  await page.goto(((await start.json()) as { redirectUrl: string }).redirectUrl);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('heading', { name: 'The bank registration was cancelled' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Register a bank account' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await picture(page, 'return-en-cancel-1280');
  const details = await (await page.request.get('/api/bank-details')).json();
  expect(details.account.masked).toBe('DE89 •••• 3000');
});
