// Common steps for mf-invoices' list, invoice page and dashboard tests: a fresh user (mf-customers' fixtures), invoices
// made through the real API, a user who can send (personal identity number, registered bank account), screenshots.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { components } from '@frilo/openapi/client';
import { apiWrite, createCustomer, expect } from '../../mf-customers/e2e/fixtures.ts';

export type Invoice = components['schemas']['Invoice'];
export type InvoiceCreate = components['schemas']['InvoiceCreate'];
export {
  apiWrite,
  createCustomer,
  expect,
  open,
  seriousViolations,
  signUp,
  test,
} from '../../mf-customers/e2e/fixtures.ts';

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

/** Pictures at 375 and 1280 px for people to look at (test-results/mf-invoices/<name>-<width>.png). */
export async function shoot(page: Page, name: string) {
  const dir = join('test-results', 'mf-invoices');
  mkdirSync(dir, { recursive: true });
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 740 : 900 });
    await page.waitForTimeout(250);
    await page.screenshot({ path: join(dir, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 860 });
}
