// Steps for the dashboard-start tests: a fresh confirmed, logged-in user (through the real API),
// writes with the CSRF header, a customer made through the API. Same pattern as mf-customers/e2e.
import { openInLanguage, seriousViolations, signUpConfirmed } from '../../tools/testing/e2e.ts';
import { expect, test, type Page } from '@playwright/test';

/** Any response gives the browser its CSRF cookie; writes send it back as the header. */
async function csrfHeaders(page: Page): Promise<Record<string, string>> {
  const find = async () => (await page.context().cookies()).find((cookie) => cookie.name === 'csrf_token')?.value;
  if (!(await find())) await page.request.get('/api/health');
  const token = await find();
  return token ? { 'X-CSRF-Token': token } : {};
}

export async function apiWrite(page: Page, method: 'POST' | 'PATCH', path: string, data?: unknown) {
  const response = await page.request.fetch(path, {
    method,
    ...(data === undefined ? {} : { data }),
    headers: await csrfHeaders(page),
  });
  expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return response;
}

export function signUp(page: Page, locale: 'sv' | 'en' = 'sv') {
  return signUpConfirmed(page, { locale, tag: 'start' });
}

export function createCustomer(page: Page) {
  return apiWrite(page, 'POST', '/api/customers', {
    type: 'organization',
    name: 'Volvo Personvagnar AB',
    governmentId: '5560360793',
    vatNumber: 'SE556036079301',
    contactPersonEmail: 'anna.berg@volvo.example',
    email: 'invoices@volvo.example',
    invoiceLanguage: 'sv',
    eInvoice: false,
    address: { streetName: 'Assar Gabrielssons väg 9', postalCode: '40531', city: 'Göteborg', country: 'SE' },
  });
}

/** Opens a path in a language (the `user_locale` cookie: see openInLanguage). */
export function open(page: Page, path: string, lng: 'sv' | 'en' = 'sv') {
  return openInLanguage(page, path, lng);
}

export { expect, seriousViolations, test };
