// Common steps for mf-salaries' end-to-end tests: a fresh confirmed user (signed up and logged in through the real
// API, confirmed through the development mailbox), writes through the API with the page's cookies, the axe scan
// (the shared steps are in tools/testing/e2e.ts).
import { expect, test as base, type Page } from '@playwright/test';
import { csrfHeaders, E2E_PASSWORD, signUpConfirmed } from '../../tools/testing/e2e.ts';

export const PASSWORD = E2E_PASSWORD;

export async function apiPost(page: Page, path: string, data: unknown) {
  const response = await page.request.post(path, { data, headers: await csrfHeaders(page) });
  expect(response.ok(), `POST ${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return response;
}

/** A fresh account with a confirmed email, logged in through the API; the page is not navigated. */
export async function signUp(page: Page, locale: 'sv' | 'en'): Promise<string> {
  return (await signUpConfirmed(page, { locale, tag: 'bank' })).email;
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
