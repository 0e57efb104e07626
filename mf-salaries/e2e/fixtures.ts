// Common steps for mf-salaries' end-to-end tests: a fresh confirmed user (signed up and logged in through the real
// API, confirmed through the development mailbox), writes through the API with the page's cookies, the axe scan.
import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type Page } from '@playwright/test';

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
  const email = `e2e-bank-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  await apiPost(page, '/api/auth/sign-up', {
    email,
    password: PASSWORD,
    passwordConfirmation: PASSWORD,
    firstName: 'Frida',
    lastName: 'Frilansare',
    acceptTerms: true,
    preferredLocale: locale,
  });
  let link = '';
  await expect
    .poll(async () => {
      const response = await page.request.get(`/api/dev/mailbox?to=${encodeURIComponent(email)}`);
      const { messages } = (await response.json()) as { messages: { links: string[] }[] };
      link = messages.flatMap((m) => m.links).find((l) => new URL(l).pathname.startsWith('/confirm/')) ?? '';
      return link;
    })
    .not.toBe('');
  const [, , id, token] = new URL(link).pathname.split('/');
  await apiPost(page, '/api/auth/confirm-email', { id, token });
  await apiPost(page, '/api/auth/login', { email, password: PASSWORD });
  return email;
}

export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

export const test = base;
export { expect };
