// Common steps for mf-legacy's end-to-end tests, against the real BFF and its seeded demo accounts (the demo
// freelancer's old records are imported at start-up through the same CSV import an admin uses).
import { expect, test as base, type Page } from '@playwright/test';
import { mailboxLink, openInLanguage, seriousViolations, uniqueEmail } from '../../tools/testing/e2e.ts';

export const DEMO = { email: 'demo@example.com', password: 'demo-password' };
export const ADMIN = { email: 'admin@example.com', password: 'admin-password' };

async function csrfHeaders(page: Page): Promise<Record<string, string>> {
  if (!(await page.context().cookies()).some((cookie) => cookie.name === 'csrf_token')) {
    await page.request.get('/api/health');
  }
  const token = (await page.context().cookies()).find((cookie) => cookie.name === 'csrf_token')?.value;
  return token ? { 'X-CSRF-Token': token } : {};
}

export async function apiPost(page: Page, path: string, data?: unknown) {
  const response = await page.request.post(path, { data, headers: await csrfHeaders(page) });
  expect([200, 201, 204], `${path}: ${response.status()} ${await response.text()}`).toContain(response.status());
  return response;
}

/** Logs in through the API (the login screen has its own tests). */
export async function login(page: Page, account: { email: string; password: string }) {
  await apiPost(page, '/api/auth/login', account);
}

/** A fresh freelancer with a confirmed address and no old records, logged in. */
export async function freshFreelancer(page: Page): Promise<{ email: string; password: string }> {
  const account = { email: uniqueEmail('legacy'), password: 'correct-horse-battery' };
  await apiPost(page, '/api/auth/sign-up', {
    ...account,
    firstName: 'Ny',
    lastName: 'Frilansare',
    passwordConfirmation: account.password,
    acceptTerms: true,
  });
  const [, , id, token] = (await mailboxLink(page, account.email, '/confirm/')).split('/');
  await apiPost(page, '/api/auth/confirm-email', { id, token });
  await login(page, account);
  return account;
}

/** Opens a path in a language (the `user_locale` cookie: see openInLanguage). */
export function open(page: Page, path: string, lng: 'sv' | 'en') {
  return openInLanguage(page, path, lng);
}

export { shootWidths as shoot } from '../../tools/testing/screens.ts';
export { seriousViolations };
export const test = base;
export { expect };
