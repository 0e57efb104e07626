// Common steps for mf-salaries' end-to-end tests: a fresh confirmed user (signed up and logged in through the real
// API, confirmed through the development mailbox), writes through the API with the page's cookies, the axe scan
// (the shared steps are in tools/testing/e2e.ts).
import { expect, test as base, type Page } from '@playwright/test';
import { mailboxLink, uniqueEmail } from '../../tools/testing/e2e.ts';

export const PASSWORD = 'correct-horse-battery';

async function csrfHeaders(page: Page): Promise<Record<string, string>> {
  const cookies = () => page.context().cookies();
  if (!(await cookies()).some((cookie) => cookie.name === 'csrf_token')) await page.request.get('/api/health');
  const token = (await cookies()).find((cookie) => cookie.name === 'csrf_token')?.value;
  return token ? { 'X-CSRF-Token': token } : {};
}

export async function apiPost(page: Page, path: string, data: unknown) {
  const response = await page.request.post(path, { data, headers: await csrfHeaders(page) });
  expect(response.ok(), `POST ${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return response;
}

/** A fresh account with a confirmed email, logged in through the API; the page is not navigated. */
export async function signUp(page: Page, locale: 'sv' | 'en'): Promise<string> {
  const email = uniqueEmail('bank');
  await apiPost(page, '/api/auth/sign-up', {
    email,
    password: PASSWORD,
    passwordConfirmation: PASSWORD,
    firstName: 'Frida',
    lastName: 'Frilansare',
    acceptTerms: true,
    preferredLocale: locale,
  });
  const link = await mailboxLink(page, email, '/confirm/');
  const [, , id, token] = new URL(link, 'http://frilo.invalid').pathname.split('/');
  await apiPost(page, '/api/auth/confirm-email', { id, token });
  await apiPost(page, '/api/auth/login', { email, password: PASSWORD });
  return email;
}

export async function apiPatch(page: Page, path: string, data: unknown) {
  const response = await page.request.patch(path, { data, headers: await csrfHeaders(page) });
  expect(response.ok(), `PATCH ${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return response;
}

export async function apiGet<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(path);
  expect(response.ok(), `GET ${path}: ${response.status()}`).toBe(true);
  return (await response.json()) as T;
}

/** Logs a seeded account in (README: demo@example.com, admin@example.com); the page is not navigated. */
export async function logIn(page: Page, email: string, password: string) {
  await apiPost(page, '/api/auth/login', { email, password });
}

export const test = base;
export { seriousViolations } from '../../tools/testing/e2e.ts';
export { expect };
