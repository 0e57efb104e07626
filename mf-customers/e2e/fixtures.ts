// Common steps for mf-customers' end-to-end tests: a fresh confirmed user per test (signed up and
// logged in through the real API), customers made through the API, links from the BFF's
// development mailbox, and the accessibility scan. Tests never depend on each other's data.
import { openInLanguage, signUpConfirmed, SWEDISH_COMPANY as SHARED_SWEDISH_COMPANY } from '../../tools/testing/e2e.ts';
import { expect, test as base, type APIRequestContext, type Page } from '@playwright/test';
import type { components } from '@frilo/openapi/client';

export type Customer = components['schemas']['Customer'];
/** What the API takes; `eInvoice` has a default, so it may be left out. */
export type CustomerCreate = Omit<components['schemas']['CustomerCreate'], 'eInvoice'> & { eInvoice?: boolean };
export type Account = { email: string; password: string; firstName: string; lastName: string };

export const PASSWORD = 'correct-horse-battery';

/** Any response gives the browser its CSRF cookie; writes send it back as the header. */
async function csrfHeaders(request: APIRequestContext, page?: Page): Promise<Record<string, string>> {
  const cookies = async () => (page ? page.context().cookies() : (await request.storageState()).cookies);
  if (!(await cookies()).some((cookie) => cookie.name === 'csrf_token')) await request.get('/api/health');
  const token = (await cookies()).find((cookie) => cookie.name === 'csrf_token')?.value;
  return token ? { 'X-CSRF-Token': token } : {};
}

/** A write through the API with the page's cookies (so a login there logs the page in). */
export async function apiWrite(
  page: Page,
  method: 'POST' | 'PATCH' | 'DELETE',
  path: string,
  data?: unknown,
  expected = [200, 201, 202, 204],
) {
  const response = await page.request.fetch(path, {
    method,
    ...(data === undefined ? {} : { data }),
    headers: await csrfHeaders(page.request, page),
  });
  expect(expected, `${method} ${path}: ${response.status()} ${await response.text()}`).toContain(response.status());
  return response;
}

/** A fresh account with a confirmed email, logged in (through the API). The page is not navigated. */
export function signUp(page: Page, locale: 'sv' | 'en' = 'sv'): Promise<Account> {
  return signUpConfirmed(page, { locale });
}

/** Opens a path in a language (the `user_locale` cookie: see openInLanguage). */
export function open(page: Page, path: string, lng: 'sv' | 'en' = 'sv') {
  return openInLanguage(page, path, lng);
}

export const SWEDISH_COMPANY: CustomerCreate = SHARED_SWEDISH_COMPANY;

/** Creates a customer through the API (for tests about something else than the form). */
export async function createCustomer(page: Page, customer: Partial<CustomerCreate> = {}): Promise<Customer> {
  const response = await apiWrite(page, 'POST', '/api/customers', { ...SWEDISH_COMPANY, ...customer });
  return (await response.json()) as Customer;
}

export async function getCustomer(page: Page, id: string): Promise<Customer> {
  const response = await page.request.get(`/api/customers/${id}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as Customer;
}

export { mailboxLink, seriousViolations, uniqueEmail } from '../../tools/testing/e2e.ts';
export const test = base;
export { expect };
