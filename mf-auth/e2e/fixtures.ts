// Common steps for mf-auth's end-to-end tests: fresh accounts made through the real API, links
// read from the BFF's development mailbox, and the accessibility scan. Each test makes its own
// users, so tests never depend on each other.
import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type Page } from '@playwright/test';

export const DEMO = { email: 'demo@example.com', password: 'demo-password' };
export const ADMIN = { email: 'admin@example.com', password: 'admin-password' };
export const PASSWORD = 'correct-horse-battery';

export type Account = { email: string; password: string; firstName: string; lastName: string };

export function uniqueEmail(tag = 'user'): string {
  return `e2e-${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

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

/**
 * The path (and query) of the newest link in `to`'s mailbox that starts with `prefix`. Emails go
 * out through a job queue, so this waits for them.
 */
export async function mailboxLink(page: Page, to: string, prefix: string): Promise<string> {
  let found = '';
  await expect
    .poll(
      async () => {
        const response = await page.request.get(`/api/dev/mailbox?to=${encodeURIComponent(to)}`);
        const { messages } = (await response.json()) as { messages: { links: string[] }[] };
        for (const message of messages) {
          for (const link of message.links) {
            const url = new URL(link);
            if (url.pathname.startsWith(prefix)) {
              found = url.pathname + url.search;
              return found;
            }
          }
        }
        return '';
      },
      { message: `an email to ${to} with a link to ${prefix}`, timeout: 15_000 },
    )
    .not.toBe('');
  return found;
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

/** axe's serious and critical findings against WCAG 2.1 A/AA, as readable lines. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

export const test = base;
export { expect };
