// Common steps for mf-invoices' list, invoice page and dashboard tests: a fresh confirmed user, customers and invoices
// made through the real API, a user who can send (personal identity number, registered bank account), screenshots.
import { shotsDir } from '../../tools/testing/screens.ts';
import { join } from 'node:path';
import type { components } from '@frilo/openapi/client';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { openInLanguage, signUpConfirmed, SWEDISH_COMPANY } from '../../tools/testing/e2e.ts';

export type Customer = components['schemas']['Customer'];
export type Invoice = components['schemas']['Invoice'];
export type InvoiceCreate = components['schemas']['InvoiceCreate'];
export { expect, test };
export { seriousViolations, sidewaysOverflow } from '../../tools/testing/e2e.ts';

/** Any response gives the browser its CSRF cookie; writes send it back as the header. */
async function csrfHeaders(request: APIRequestContext, page: Page): Promise<Record<string, string>> {
  const cookies = () => page.context().cookies();
  if (!(await cookies()).some((cookie) => cookie.name === 'csrf_token')) await request.get('/api/health');
  const token = (await cookies()).find((cookie) => cookie.name === 'csrf_token')?.value;
  return token ? { 'X-CSRF-Token': token } : {};
}

/** A write through the API with the page's cookies (so a login there logs the page in). */
export async function apiWrite(page: Page, method: 'POST' | 'PATCH' | 'DELETE', path: string, data?: unknown) {
  const response = await page.request.fetch(path, {
    method,
    ...(data === undefined ? {} : { data }),
    headers: await csrfHeaders(page.request, page),
  });
  expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return response;
}

/** A fresh account with a confirmed email, logged in through the API; the page is not navigated. */
export async function signUp(page: Page, locale: 'sv' | 'en') {
  await signUpConfirmed(page, { locale, tag: 'invoices' });
}

/** The seeded admin (docs/product/back-office.md); only read by the specs, never changed. */
const ADMIN = { email: 'admin@example.com', password: 'admin-password' };

/** Logs the page in as the seeded admin through the API. */
export async function loginAdmin(page: Page) {
  await page.request.get('/api/health');
  const token = (await page.context().cookies()).find((cookie) => cookie.name === 'csrf_token')?.value ?? '';
  const response = await page.request.post('/api/auth/login', { data: ADMIN, headers: { 'X-CSRF-Token': token } });
  expect(response.status()).toBe(200);
}

/** Opens a path in a language (the `user_locale` cookie: see openInLanguage). */
export function open(page: Page, path: string, lng: 'sv' | 'en') {
  return openInLanguage(page, path, lng);
}

/** A customer through the API: a Swedish company unless told otherwise. */
export async function createCustomer(page: Page, customer: Record<string, unknown> = {}): Promise<Customer> {
  return (await (
    await apiWrite(page, 'POST', '/api/customers', { ...SWEDISH_COMPANY, ...customer })
  ).json()) as Customer;
}

const isoDaysAgo = (days: number) =>
  new Date(Date.now() - days * 86_400_000).toLocaleDateString('sv-SE', { timeZone: 'Europe/Stockholm' });

/** A draft through the API: one row of hours at 950 kr, dated `daysAgo` days back. */
export async function createInvoice(
  page: Page,
  recipientId: string,
  options: { reference?: string; hours?: number; daysAgo?: number; currency?: InvoiceCreate['currency'] } = {},
): Promise<Invoice> {
  const response = await apiWrite(page, 'POST', '/api/invoices', {
    recipientId,
    invoiceDate: isoDaysAgo(options.daysAgo ?? 0),
    ...(options.reference ? { reference: options.reference } : {}),
    ...(options.currency ? { currency: options.currency } : {}),
    rows: [
      {
        description: 'Utveckling av kundportal',
        unitPrice: options.currency && options.currency !== 'SEK' ? 9500 : 95_000,
        quantity: options.hours ?? 10,
        unit: 'hour',
        vatPercentage: options.currency && options.currency !== 'SEK' ? 0 : 25,
      },
    ],
  });
  return (await response.json()) as Invoice;
}

/** The logged-in user can send: a personal identity number in the profile (bank details come separately). */
export async function addGovernmentId(page: Page) {
  await apiWrite(page, 'PATCH', '/api/auth/profile', { governmentId: '19811218-9876' });
}

/** Registers a Swedish account at the built-in provider, from wherever the page is on it. */
export async function fillBankRegistration(page: Page, lng: 'sv' | 'en') {
  await page.getByLabel(lng === 'sv' ? 'Clearingnummer' : 'Clearing number').fill('8327-9');
  await page.getByLabel(lng === 'sv' ? 'Kontonummer' : 'Account number').fill('123 456 789-7');
  await page.getByRole('button', { name: lng === 'sv' ? 'Spara kontot' : 'Save the account' }).click();
  await expect(page).toHaveURL(/\/dashboard\/pinebucket-confirmation\?state=/);
}

/** Registers a bank account through the API and the provider's page (for tests about something else). */
export async function registerBankAccount(page: Page, lng: 'sv' | 'en' = 'sv') {
  const start = await apiWrite(page, 'POST', '/api/bank-details/registrations', { locale: lng });
  await page.goto(((await start.json()) as { redirectUrl: string }).redirectUrl);
  await fillBankRegistration(page, lng);
  // The return page completes the registration; wait until the account stands.
  await expect
    .poll(async () => ((await (await page.request.get('/api/bank-details')).json()) as { account: unknown }).account)
    .not.toBeNull();
}

/** Sends a draft and waits until the delivery job has marked it sent (or `until` another state). */
export async function sendInvoice(page: Page, id: string, until: number | null = 3) {
  await apiWrite(page, 'POST', `/api/invoices/${id}/send`, {});
  if (until === null) return;
  await expect
    .poll(async () => ((await (await page.request.get(`/api/invoices/${id}`)).json()) as Invoice).status, {
      timeout: 20_000,
    })
    .toBe(until);
}

/** Pictures at 375 and 1280 px for people to look at (SHOTS_DIR/mf-invoices/<name>-<width>.png, when SHOTS_DIR is set). */
export async function shoot(page: Page, name: string) {
  const dir = shotsDir('mf-invoices');
  if (!dir) return page.setViewportSize({ width: 1280, height: 860 });
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 740 : 900 });
    await page.waitForTimeout(250);
    await page.screenshot({ path: join(dir, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 860 });
}
