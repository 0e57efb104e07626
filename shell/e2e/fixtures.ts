// Common steps for the shell's end-to-end tests, against the real BFF and its seeded demo accounts.
import { expect, request as requests, test as base, type Page } from '@playwright/test';
// The CSRF cookie comes from a request of the page's context (tools/testing/e2e.ts), not from opening a page: a page
// load costs the browser about half a second of CPU, on every test.
import { csrfHeaders, mailboxLink } from '../../tools/testing/e2e.ts';

export const DEMO = { email: 'demo@example.com', password: 'demo-password', name: 'Demo Frilansare' };
export const ADMIN = { email: 'admin@example.com', password: 'admin-password' };

/**
 * Logs in through the API (the login screen has its own test) and opens `path`; with `path` null the page stays blank,
 * for a test that opens its first page itself.
 */
export async function login(
  page: Page,
  account: { email: string; password: string } = DEMO,
  path: string | null = '/dashboard/home',
) {
  const response = await page.request.post('/api/auth/login', {
    data: { email: account.email, password: account.password },
    headers: await csrfHeaders(page),
  });
  expect(response.status(), await response.text()).toBe(200);
  if (path !== null) await page.goto(path);
}

export async function impersonateDemo(page: Page) {
  await login(page, ADMIN, null);
  const response = await page.request.post('/api/admin/impersonation', {
    data: { email: DEMO.email },
    headers: await csrfHeaders(page),
  });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * A fresh account of the test's own with a confirmed email, not logged in: for tests that change what an account
 * keeps (its language, its notices), which on the shared demo account other specs would see.
 */
export async function confirmedAccount(
  page: Page,
  name = { firstName: 'Ny', lastName: 'Användare' },
  tag = 'e2e',
): Promise<{ email: string; password: string }> {
  const email = `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const password = 'correct-horse-battery';
  const signUp = await page.request.post('/api/auth/sign-up', {
    data: { email, password, passwordConfirmation: password, ...name, acceptTerms: true },
    headers: await csrfHeaders(page),
  });
  expect(signUp.status(), await signUp.text()).toBe(201);
  const [, , id, token] = (await mailboxLink(page, email, '/confirm/')).split('/');
  const confirmed = await page.request.post('/api/auth/confirm-email', {
    data: { id, token },
    headers: await csrfHeaders(page),
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  return { email, password };
}

/**
 * A fresh, confirmed account of the test's own that came from the old product (an admin imported an old payout for
 * it, which sets the legacy flag), logged in at `path`. For tests that change what the demo account would show others.
 */
export async function legacyAccount(
  page: Page,
  path = '/dashboard/home',
): Promise<{ email: string; password: string }> {
  const { email, password } = await confirmedAccount(page, { firstName: 'Gammal', lastName: 'Kund' }, 'e2e-legacy');

  // The admin works in a request context of its own: the page's cookies stay the new account's.
  const admin = await requests.newContext({ baseURL: base.info().project.use.baseURL });
  await admin.get('/api/health');
  const adminCsrf = async () => {
    const token = (await admin.storageState()).cookies.find((cookie) => cookie.name === 'csrf_token')?.value;
    return { 'X-CSRF-Token': token ?? '' };
  };
  const adminLogin = await admin.post('/api/auth/login', { data: ADMIN, headers: await adminCsrf() });
  expect(adminLogin.status(), await adminLogin.text()).toBe(200);
  const csv = `email,createdDate,transactionDate,socialFees,taxMoney,netSalary,pensionTax,pensionDeposition\n${email},2024-01-25,2024-01-26,100,100,200,0,0\n`;
  const imported = await admin.post('/api/admin/legacy-imports', {
    multipart: { kind: 'payouts', file: { name: 'payouts.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) } },
    headers: await adminCsrf(),
  });
  expect(imported.status(), await imported.text()).toBe(201);
  await admin.dispose();

  await login(page, { email, password }, path);
  return { email, password };
}

/** Records every CSP violation the page reports (the listener is installed before any of the page's own scripts). */
export async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`),
    );
  });
  const console: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) console.push(message.text());
  });
  return async () => [
    ...(await page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [])),
    ...console,
  ];
}

export const test = base;
export { expect };
