// Not a test: pictures of every mf-auth screen at 375, 768 and 1280 px in Swedish and English, for
// people to look at. Runs only when SHOTS_DIR is set:
//   SHOTS_DIR=/tmp/shots npx playwright test mf-auth/e2e/screenshots.spec.ts
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { apiPost, confirmedUser, expect, mailboxLink, test } from './fixtures.ts';

const dir = process.env['SHOTS_DIR'];
const WIDTHS = [375, 768, 1280] as const;
const LANGUAGES = ['sv', 'en'] as const;

test.skip(!dir, 'set SHOTS_DIR to take screenshots');
test.describe.configure({ mode: 'parallel' });
test.setTimeout(180_000);

async function shoot(page: Page, name: string, lng: string, prepare?: () => Promise<void>) {
  mkdirSync(dir!, { recursive: true });
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 375 ? 740 : 900 });
    if (prepare) await prepare();
    await page.waitForTimeout(150);
    await page.screenshot({ path: join(dir!, `${name}-${lng}-${width}.png`), fullPage: true });
    // Long pages also in viewport-high parts, readable at full size.
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    const part = width === 375 ? 900 : 1100;
    for (let y = 0, n = 1; height > part * 1.3 && y < height; y += part, n += 1) {
      await page.screenshot({
        path: join(dir!, `${name}-${lng}-${width}-part${n}.png`),
        fullPage: true,
        clip: { x: 0, y, width, height: Math.min(part, height - y) },
      });
    }
  }
}

const open = (page: Page, path: string, lng: string) => page.goto(`${path}${path.includes('?') ? '&' : '?'}hl=${lng}`);

for (const lng of LANGUAGES) {
  const t = (sv: string, en: string) => (lng === 'sv' ? sv : en);

  test(`logged-out screens (${lng})`, async ({ page }) => {
    await open(page, '/login', lng);
    await expect(page.locator('#login-email')).toBeVisible();
    await shoot(page, 'login', lng);
    await page.getByRole('button', { name: t('Logga in', 'Log in') }).click();
    await shoot(page, 'login-errors', lng);
    await page.locator('#login-email').fill('demo@example.com');
    await page.locator('#login-password').fill('wrong-password');
    await page.getByRole('button', { name: t('Logga in', 'Log in') }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await shoot(page, 'login-wrong', lng);

    await open(page, '/sign-up', lng);
    await expect(page.locator('#sign-up-email')).toBeVisible();
    await shoot(page, 'sign-up', lng);
    await page.locator('#sign-up-password').fill('short');
    await page.getByRole('button', { name: t('Skapa konto', 'Create account') }).click();
    await shoot(page, 'sign-up-errors', lng);

    await open(page, '/forgotten-password', lng);
    await shoot(page, 'forgotten', lng);
    await page.locator('#forgotten-email').fill('nobody@example.com');
    await page.getByRole('button', { name: t('Skicka länken', 'Send the link') }).click();
    await expect(page.locator('#forgotten-sent-title')).toBeVisible();
    await shoot(page, 'forgotten-sent', lng);

    await open(page, '/reset-password/not-a-real-token-000000000000', lng);
    // The page loads on demand: wait for it, not for its loading state.
    await expect(page.locator('#reset-password')).toBeVisible();
    await shoot(page, 'reset', lng);
    await page.locator('#reset-password').fill('new-password-1');
    await page.locator('#reset-password-confirmation').fill('new-password-1');
    await page.getByRole('button', { name: t('Spara nytt lösenord', 'Save new password') }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await shoot(page, 'reset-bad-link', lng);

    await open(page, '/confirm/2b7f1e0a-0000-4000-8000-000000000000/not-a-real-token-000000000000', lng);
    await expect(page.locator('[data-status="error"]')).toBeVisible();
    await shoot(page, 'confirm-failed', lng);

    await open(page, '/email-change-confirm?token=not-a-real-token-000000000000', lng);
    await expect(page.locator('[data-status="error"]')).toBeVisible();
    await shoot(page, 'email-change-failed', lng);
  });

  test(`sign-up sent, confirmed, please-confirm (${lng})`, async ({ page }) => {
    await open(page, '/sign-up', lng);
    await page.locator('#sign-up-first-name').fill('Astrid');
    await page.locator('#sign-up-last-name').fill('Lindqvist-Johansson');
    const email = `astrid.lindqvist.johansson.${Date.now()}@exempel-foretaget.se`;
    await page.locator('#sign-up-email').fill(email);
    await page.locator('#sign-up-password').fill('correct-horse');
    await page.locator('#sign-up-password-confirmation').fill('correct-horse');
    await page.locator('#sign-up-terms').check();
    await page.getByRole('button', { name: t('Skapa konto', 'Create account') }).click();
    await expect(page.locator('#sign-up-sent-title')).toBeVisible();
    await shoot(page, 'sign-up-sent', lng);

    const link = await mailboxLink(page, email, '/confirm/');
    await apiPost(page, '/api/auth/login', { email, password: 'correct-horse' });
    await open(page, '/dashboard/home', lng);
    await expect(page.locator('#please-confirm-title')).toBeVisible();
    await shoot(page, 'please-confirm', lng);

    await apiPost(page, '/api/auth/logout');
    await open(page, link, lng);
    await expect(page.locator('[data-status="success"]')).toBeVisible();
    await shoot(page, 'confirm-done', lng);
  });

  test(`profile (${lng})`, async ({ page }) => {
    await confirmedUser(page, `/dashboard/profile?hl=${lng}`, lng);
    await expect(page.locator('#profile-personal-title')).toBeVisible();
    await shoot(page, 'profile-new', lng);

    const saveProfile = () => page.locator('.profile-savebar button[type=submit]').click();
    await page.locator('#profile-phone-number').fill('12');
    await page.locator('#profile-government-id').fill('19900101-1235');
    await page.locator('#profile-income-tax').fill('61');
    await page.locator('#profile-pension').fill('4,555');
    await page.locator('#profile-city').fill('Stockholm');
    await saveProfile();
    await page.locator('#password-change-new').fill('short');
    await page.locator('#profile-password form button[type=submit]').click();
    await expect(page.locator('#profile-income-tax-error')).toBeVisible();
    await shoot(page, 'profile-errors', lng);

    await page.locator('#profile-phone-number').fill('070-123 45 67');
    await page.locator('#profile-government-id').fill('19900101-1239');
    await page.locator('#profile-income-tax').fill('32');
    await page.locator('#profile-pension').fill('4,5');
    await page.locator('#profile-street').fill('Storgatan 1');
    await page.locator('#profile-postal-code').fill('11122');
    await page.route('**/api/auth/profile', (route) =>
      route.request().method() === 'PATCH' ? route.abort() : route.continue(),
    );
    await saveProfile();
    await expect(page.locator('.profile-form [role="alert"]')).toBeVisible();
    await shoot(page, 'profile-save-failed', lng);
    await page.unroute('**/api/auth/profile');

    await saveProfile();
    await expect(page.locator('.profile-savebar__state')).not.toBeEmpty();
    await shoot(page, 'profile-saved', lng);
    await page.locator('#email-change-email').fill(`new-${Date.now()}@example.com`);
    await page.locator('#email-change-password').fill('correct-horse-battery');
    await page.locator('#profile-email form button[type=submit]').click();
    await expect(page.locator('#profile-email [data-kind="info"]')).toBeVisible();
    await page.reload();
    await expect(page.locator('#profile-personal-title')).toBeVisible();
    await shoot(page, 'profile-complete', lng);
  });

  test(`email change confirmed (${lng})`, async ({ page }) => {
    const account = await confirmedUser(page, `/dashboard/profile?hl=${lng}`, lng);
    const newEmail = `changed-${Date.now()}@example.com`;
    await apiPost(page, '/api/auth/email-change', { email: newEmail, password: account.password });
    const link = await mailboxLink(page, newEmail, '/email-change-confirm');
    await open(page, link, lng);
    await expect(page.locator('[data-status="success"]')).toBeVisible();
    await shoot(page, 'email-change-done', lng);
  });

  test(`email change stopped from the old address (${lng})`, async ({ page }) => {
    const account = await confirmedUser(page, `/dashboard/profile?hl=${lng}`, lng);
    await apiPost(page, '/api/auth/email-change', {
      email: `unwanted-${Date.now()}@example.com`,
      password: account.password,
    });
    const link = await mailboxLink(page, account.email, '/email-change-cancel');
    await open(page, link, lng);
    const stop = page.getByRole('button', { name: t('Stoppa bytet', 'Stop the change') });
    await expect(stop).toBeVisible();
    await shoot(page, 'email-change-cancel', lng);
    await stop.click();
    await expect(page.locator('[data-status="success"]')).toBeVisible();
    await shoot(page, 'email-change-cancelled', lng);
  });

  test(`keyboard focus (${lng})`, async ({ page }) => {
    mkdirSync(dir!, { recursive: true });
    await page.setViewportSize({ width: 768, height: 900 });
    await open(page, '/login', lng);
    await page.locator('#login-password').focus();
    await page.keyboard.press('Tab');
    await page.screenshot({ path: join(dir!, `focus-toggle-${lng}.png`) });
    await page.keyboard.press('Tab');
    await page.screenshot({ path: join(dir!, `focus-link-${lng}.png`) });
    await page.keyboard.press('Tab');
    await page.screenshot({ path: join(dir!, `focus-submit-${lng}.png`) });
    await open(page, '/sign-up', lng);
    await page.locator('#sign-up-password-confirmation').focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.screenshot({ path: join(dir!, `focus-checkbox-${lng}.png`) });
    await confirmedUser(page, `/dashboard/profile?hl=${lng}`, lng);
    await page.locator('#profile-pension').focus();
    await page.keyboard.press('Tab');
    await page.locator('#profile-payout-payout_monthly').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(dir!, `focus-radio-${lng}.png`) });
  });
}
