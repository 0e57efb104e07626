// Not a test: pictures of the shell's frame and of the screens of mf-invoices, mf-salaries and
// mf-legacy at 375 and 1280 px in Swedish and English, for people to look at (mf-auth and
// mf-customers have their own). Runs only when SHOTS_DIR is set:
//   SHOTS_DIR=/tmp/shots npx playwright test shell/e2e/screenshots.spec.ts
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, impersonateDemo, login, test } from './fixtures.ts';
import { openInLanguage } from '../../tools/testing/e2e.ts';

const dir = process.env['SHOTS_DIR'];
const WIDTHS = [375, 1280] as const;
const LANGUAGES = ['sv', 'en'] as const;

test.skip(!dir, 'set SHOTS_DIR to take screenshots');
test.describe.configure({ mode: 'parallel' });
test.setTimeout(180_000);

async function shoot(page: Page, name: string, lng: string, prepare?: (width: number) => Promise<void>) {
  mkdirSync(dir!, { recursive: true });
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 375 ? 740 : 900 });
    if (prepare) await prepare(width);
    await page.waitForTimeout(200);
    await page.screenshot({ path: join(dir!, `shell-${name}-${lng}-${width}.png`), fullPage: true });
  }
}

async function visit(page: Page, path: string, lng: 'sv' | 'en', ready: RegExp) {
  await openInLanguage(page, path, lng);
  await expect(page.getByRole('heading', { level: 1, name: ready })).toBeVisible();
}

for (const lng of LANGUAGES) {
  const t = (sv: string, en: string) => (lng === 'sv' ? sv : en);

  test(`logged-in screens of the small remotes (${lng})`, async ({ page }) => {
    await login(page, undefined, null);
    await visit(page, '/dashboard/home', lng, new RegExp(t('Välkommen', 'Welcome')));
    await shoot(page, 'home', lng);
    await visit(page, '/dashboard/invoices', lng, new RegExp(t('Fakturor', 'Invoices')));
    await shoot(page, 'invoices', lng);
    await visit(page, '/quotations/create', lng, /.+/);
    await shoot(page, 'wizard', lng);
    await visit(page, '/dashboard/salaries/transactions', lng, /.+/);
    await shoot(page, 'salaries', lng);
    await visit(page, '/dashboard/salaries/estimate', lng, /.+/);
    await shoot(page, 'estimate', lng);
    await visit(page, '/dashboard/pinebucket-confirmation', lng, /.+/);
    await shoot(page, 'bank-return', lng);
    await visit(page, '/dashboard/legacy/invoices', lng, /.+/);
    await shoot(page, 'legacy-invoices', lng);
    await visit(page, '/dashboard/legacy/payouts', lng, /.+/);
    await shoot(page, 'legacy-payouts', lng);
    await visit(page, '/dashboard/nowhere', lng, /.+/);
    await shoot(page, 'not-found', lng);
  });

  test(`the frame: menus, impersonation, errors (${lng})`, async ({ page }) => {
    await login(page, undefined, null);
    await visit(page, '/dashboard/home', lng, new RegExp(t('Välkommen', 'Welcome')));
    await page.setViewportSize({ width: 375, height: 740 });
    await page.getByRole('button', { name: t('Öppna menyn', 'Open menu') }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.waitForTimeout(300);
    mkdirSync(dir!, { recursive: true });
    await page.screenshot({ path: join(dir!, `shell-menu-${lng}-375.png`) });
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.locator('.settings__button').click();
    await page.waitForTimeout(200);
    await page.screenshot({ path: join(dir!, `shell-menu-${lng}-1280.png`) });

    await page.route('**/remotes/mf-invoices/mf-manifest.json', (route) => route.abort('connectionrefused'));
    await openInLanguage(page, '/dashboard/invoices', lng);
    await expect(page.getByRole('alert')).toBeVisible({ timeout: 20_000 });
    await shoot(page, 'remote-error', lng);
  });

  test(`impersonation bar (${lng})`, async ({ page }) => {
    await impersonateDemo(page);
    await visit(page, '/dashboard/home', lng, new RegExp(t('Välkommen', 'Welcome')));
    await shoot(page, 'impersonating', lng);
  });
}
