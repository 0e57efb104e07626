// Common steps for the invoice wizard's end-to-end tests: a fresh confirmed user per test (signed up,
// confirmed through the BFF's development mailbox and logged in through the real API), customers and
// invoices made through the API with the page's cookies, the analytics events the wizard sends, and
// the language's labels. Tests never depend on each other's data.
import { expect, test as base, type Page } from '@playwright/test';
import type { components } from '@frilo/openapi/client';
import { E2E_PASSWORD, openInLanguage, signUpConfirmed, SWEDISH_COMPANY } from '../../tools/testing/e2e.ts';

export type Customer = components['schemas']['Customer'];
export type Invoice = components['schemas']['Invoice'];
export type Lng = 'sv' | 'en';

export const PASSWORD = E2E_PASSWORD;
/** A valid personal identity number (born 2000-02-29), from the public list personnummer/meta testdata/list.json. */
export const GOVERNMENT_ID = '200002292399';

async function csrfHeaders(page: Page): Promise<Record<string, string>> {
  const cookies = () => page.context().cookies();
  if (!(await cookies()).some((cookie) => cookie.name === 'csrf_token')) await page.request.get('/api/health');
  const token = (await cookies()).find((cookie) => cookie.name === 'csrf_token')?.value;
  return token ? { 'X-CSRF-Token': token } : {};
}

export async function apiWrite(page: Page, method: 'POST' | 'PATCH' | 'DELETE', path: string, data?: unknown) {
  const response = await page.request.fetch(path, {
    method,
    ...(data === undefined ? {} : { data }),
    headers: await csrfHeaders(page),
  });
  expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return response;
}

/** A fresh confirmed account, logged in; with a personal identity number unless told otherwise. */
export async function signUp(page: Page, lng: Lng, { governmentId = true } = {}): Promise<string> {
  const { email } = await signUpConfirmed(page, { locale: lng, tag: 'wizard' });
  if (governmentId) await apiWrite(page, 'PATCH', '/api/auth/profile', { governmentId: GOVERNMENT_ID });
  return email;
}

export { SWEDISH_COMPANY };

export const GERMAN_COMPANY = {
  type: 'organization',
  name: 'Beispiel GmbH',
  vatNumber: 'DE123456788',
  reverseVat: true,
  contactPersonEmail: 'kontakt@beispiel.example',
  email: 'rechnung@beispiel.example',
  invoiceLanguage: 'en',
  address: { streetName: 'Hauptstraße 1', postalCode: '10115', city: 'Berlin', country: 'DE' },
};

export async function createCustomer(page: Page, customer: Record<string, unknown> = {}): Promise<Customer> {
  const response = await apiWrite(page, 'POST', '/api/customers', { ...SWEDISH_COMPANY, ...customer });
  return (await response.json()) as Customer;
}

export async function createInvoice(page: Page, body: Record<string, unknown>): Promise<Invoice> {
  return (await (await apiWrite(page, 'POST', '/api/invoices', body)).json()) as Invoice;
}

export async function getInvoice(page: Page, id: string): Promise<Invoice> {
  const response = await page.request.get(`/api/invoices/${id}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as Invoice;
}

/** Opens a path in a language (the `user_locale` cookie: see openInLanguage). */
export function open(page: Page, path: string, lng: Lng) {
  return openInLanguage(page, path, lng);
}

/** Records the analytics events remotes hand to the shell (`frilo:track`), before any script runs. */
export async function recordTracking(page: Page) {
  await page.addInitScript(() => {
    const events: unknown[] = [];
    (window as unknown as { __tracked: unknown[] }).__tracked = events;
    window.addEventListener('frilo:track', (event) => events.push((event as CustomEvent).detail));
  });
}

export async function tracked(page: Page): Promise<{ name: string; properties?: Record<string, unknown> }[]> {
  return page.evaluate(() => (window as unknown as { __tracked: never[] }).__tracked ?? []);
}

/** The wizard's id from the address (`/quotations/edit/<id>?step=…`). */
export function invoiceIdOf(page: Page): string {
  const match = /\/quotations\/edit\/([^/?]+)/.exec(page.url());
  if (!match) throw new Error(`not in the wizard: ${page.url()}`);
  return match[1]!;
}

/** The labels the tests use, in each language (the locale files' texts). */
export const L = {
  sv: {
    next: 'Spara och fortsätt',
    back: 'Tillbaka',
    send: 'Skicka fakturan',
    sendTitle: 'Skicka fakturan',
    saveDraft: 'Spara utkast',
    search: 'Sök kund',
    paymentTerms: 'Betalningsvillkor',
    reference: 'Kundens referens',
    description: 'Beskrivning',
    quantity: 'Antal',
    unitPrice: 'À-pris exkl. moms',
    vat: 'Moms',
    addRow: 'Lägg till en rad',
    addReceipt: 'Lägg till ett kvitto',
    addTrip: 'Lägg till en resa',
    amount: 'Belopp inkl. moms',
    receiptFile: 'Kvittofil',
    from: 'Från',
    to: 'Till',
    km: 'Sträcka',
    purpose: 'Resans syfte',
    steps: ['Välj kund', 'Betalningsvillkor', 'Fakturarader', 'Utlägg', 'Granska'],
    net: 'Nettolön',
    total: 'Att betala',
    days20: '20 dagar',
    unsavedTitle: 'Du har ändringar som inte är sparade',
    keepEditing: 'Fortsätt redigera',
    leave: 'Lämna utan att spara',
    saveAndLeave: 'Spara och lämna',
    continue: 'Spara och gå till nästa steg',
    home: 'Översikt',
    menu: 'Huvudmeny',
  },
  en: {
    next: 'Save and continue',
    back: 'Back',
    send: 'Send invoice',
    sendTitle: 'Send the invoice',
    saveDraft: 'Save draft',
    search: 'Search customers',
    paymentTerms: 'Payment terms',
    reference: "Customer's reference",
    description: 'Description',
    quantity: 'Quantity',
    unitPrice: 'Price per unit, excl. VAT',
    vat: 'VAT',
    addRow: 'Add a row',
    addReceipt: 'Add a receipt',
    addTrip: 'Add a trip',
    amount: 'Amount incl. VAT',
    receiptFile: 'Receipt file',
    from: 'From',
    to: 'To',
    km: 'Distance',
    purpose: 'Purpose of the trip',
    steps: ['Select customer', 'Payment terms', 'Invoice details', 'Expenses', 'Review'],
    net: 'Net salary',
    total: 'Total to pay',
    days20: '20 days',
    unsavedTitle: 'You have unsaved changes',
    keepEditing: 'Keep editing',
    leave: 'Leave without saving',
    saveAndLeave: 'Save and leave',
    continue: 'Save and continue to the next step',
    home: 'Dashboard',
    menu: 'Main menu',
  },
} as const;

/** A real 1×1 PNG (its content is what the BFF judges). */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

export { seriousViolations } from '../../tools/testing/e2e.ts';
export const test = base;
export { expect };
