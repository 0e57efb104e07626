// Notices for who they are meant for, one at a time: the brand-rename notice only for accounts
// from the old product (they knew the old name), and the survey promo waits until it is closed.
import { expect, freshAccount, login, test } from './fixtures.ts';
import type { Page } from '@playwright/test';

const renameNotice = (page: Page) => page.getByRole('note').filter({ hasText: 'nytt namn' });
const surveyPromo = (page: Page) => page.getByRole('complementary', { name: 'Enkät' });

test('a user who signed up as Frilo never sees the rename notice, and sees one notice at most', async ({ page }) => {
  const account = await freshAccount(page);
  await login(page, account);
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
