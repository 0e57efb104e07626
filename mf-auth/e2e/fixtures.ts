// Common steps for mf-auth's end-to-end tests: fresh accounts made through the real API, links
// read from the BFF's development mailbox, and the accessibility scan. Each test makes its own
// users, so tests never depend on each other.
import { mailboxLink, uniqueEmail } from '../../tools/testing/e2e.ts';
import { expect, test as base, type Locator, type Page } from '@playwright/test';
import { shotsDir } from '../../tools/testing/screens.ts';

export const DEMO = { email: 'demo@example.com', password: 'demo-password' };
export const ADMIN = { email: 'admin@example.com', password: 'admin-password' };
export const PASSWORD = 'correct-horse-battery';

export type Account = { email: string; password: string; firstName: string; lastName: string };

/** Any page of the app gives the browser its CSRF cookie; writes send it back as the header. */
export async function csrfHeaders(page: Page): Promise<Record<string, string>> {
  if (!(await page.context().cookies()).some((cookie) => cookie.name === 'csrf_token')) {
    await page.request.get('/api/health');
  }
  const token = (await page.context().cookies()).find((cookie) => cookie.name === 'csrf_token')?.value;
  return token ? { 'X-CSRF-Token': token } : {};
}

/** A write through the API with the browser's cookies (so a login there logs the page in). */
export async function apiPost(page: Page, path: string, data?: unknown, expected = [200, 201, 202, 204]) {
  const response = await page.request.post(path, { data, headers: await csrfHeaders(page) });
  expect(expected, `${path}: ${response.status()} ${await response.text()}`).toContain(response.status());
  return response;
}

/** Signs up through the API; the account is not confirmed and not logged in. */
export async function signUpAccount(page: Page, locale: 'sv' | 'en' = 'sv'): Promise<Account> {
  const account = { email: uniqueEmail(), password: PASSWORD, firstName: 'Test', lastName: 'Frilansare' };
  await apiPost(page, '/api/auth/sign-up', {
    ...account,
    passwordConfirmation: account.password,
    acceptTerms: true,
    preferredLocale: locale,
  });
  return account;
}

/** A fresh account with a confirmed email (through the API), not logged in. */
export async function confirmedAccount(page: Page, locale: 'sv' | 'en' = 'sv'): Promise<Account> {
  const account = await signUpAccount(page, locale);
  const link = await mailboxLink(page, account.email, '/confirm/');
  const [, , id, token] = link.split('/');
  await apiPost(page, '/api/auth/confirm-email', { id, token });
  return account;
}

/** A fresh account with a confirmed email, logged in (through the API), at `path`. */
export async function confirmedUser(page: Page, path = '/dashboard/profile', locale: 'sv' | 'en' = 'sv') {
  const account = await confirmedAccount(page, locale);
  await apiPost(page, '/api/auth/login', { email: account.email, password: account.password });
  await page.goto(path);
  return account;
}

/** Logs in through the login screen. */
export async function loginThroughForm(page: Page, account: { email: string; password: string }) {
  await page.getByLabel('E-post').fill(account.email);
  await page.getByLabel('Lösenord', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Logga in' }).click();
}

/**
 * The whole page, and a card in it (readable at full size), at 375 and 1366 px (SHOTS_DIR/auth, when SHOTS_DIR is
 * set); then the suite's viewport again. Without SHOTS_DIR nothing changes.
 */
export async function shootPageAndCard(page: Page, name: string, card: Locator) {
  const SHOTS = shotsDir('auth');
  if (!SHOTS) return;
  for (const width of [375, 1366]) {
    await page.setViewportSize({ width, height: width === 375 ? 740 : 900 });
    await page.waitForTimeout(150);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
    await card.screenshot({ path: `${SHOTS}/${name}-card-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 860 });
}

export { mailboxLink, seriousViolations, uniqueEmail } from '../../tools/testing/e2e.ts';
export const test = base;
export { expect };
