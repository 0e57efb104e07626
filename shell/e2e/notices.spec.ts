// Notices for who they are meant for, one at a time: the brand-rename notice only for accounts
// from the old product (they knew the old name), and the survey promo waits until it is closed.
import { mailboxLink } from '../../tools/testing/e2e.ts';
import { expect, login, test } from './fixtures.ts';
import type { Page } from '@playwright/test';

const renameNotice = (page: Page) => page.getByRole('note').filter({ hasText: 'nytt namn' });
const surveyPromo = (page: Page) => page.getByRole('complementary', { name: 'Enkät' });

async function csrf(page: Page): Promise<Record<string, string>> {
  const token = (await page.context().cookies()).find((cookie) => cookie.name === 'csrf_token')?.value;
  return token ? { 'X-CSRF-Token': token } : {};
}

test('a user who signed up as Frilo never sees the rename notice, and sees one notice at most', async ({ page }) => {
  const email = `e2e-new-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const password = 'correct-horse-battery';
  await page.goto('/api/health');
  const signUp = await page.request.post('/api/auth/sign-up', {
    data: {
      email,
      password,
      passwordConfirmation: password,
      firstName: 'Ny',
      lastName: 'Frilansare',
      acceptTerms: true,
    },
    headers: await csrf(page),
  });
  expect(signUp.status()).toBe(201);
  const [, , id, token] = (await mailboxLink(page, email, '/confirm/')).split('/');
  const confirmed = await page.request.post('/api/auth/confirm-email', {
    data: { id, token },
    headers: await csrf(page),
  });
  expect(confirmed.ok()).toBe(true);
  await login(page, { email, password });
  await expect(page.getByRole('heading', { name: /Välkommen/ })).toBeVisible();
  await expect(surveyPromo(page)).toBeVisible();
  await expect(renameNotice(page)).toHaveCount(0);
});

test('an account from the old product sees the rename notice first, then the survey promo', async ({ page }) => {
  await login(page);
  await expect(renameNotice(page)).toBeVisible();
  await expect(surveyPromo(page)).toHaveCount(0);
  await renameNotice(page).getByRole('button', { name: 'Stäng' }).click();
  await expect(renameNotice(page)).toHaveCount(0);
  await expect(surveyPromo(page)).toBeVisible();
});
