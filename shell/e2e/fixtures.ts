// Common steps for the shell's end-to-end tests, against the real BFF and its seeded demo accounts.
import { expect, test as base, type Page } from '@playwright/test';

export const DEMO = { email: 'demo@example.com', password: 'demo-password', name: 'Demo Frilansare' };
export const ADMIN = { email: 'admin@example.com', password: 'admin-password' };

async function csrfHeaders(page: Page): Promise<Record<string, string>> {
  const cookies = await page.context().cookies();
  const token = cookies.find((cookie) => cookie.name === 'csrf_token')?.value;
  return token ? { 'X-CSRF-Token': token } : {};
}

/** Logs in through the API (the login screen has its own test) and opens `path`. */
export async function login(page: Page, account: { email: string; password: string } = DEMO, path = '/dashboard/home') {
  await page.goto('/api/health');
  const response = await page.request.post('/api/auth/login', {
    data: { email: account.email, password: account.password },
    headers: await csrfHeaders(page),
  });
  expect(response.status(), await response.text()).toBe(200);
  await page.goto(path);
}

/** A fresh account that has not confirmed its email, logged in. */
export async function signUpUnconfirmed(page: Page): Promise<string> {
  const email = `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const password = 'correct-horse-battery';
  await page.goto('/api/health');
  const signUp = await page.request.post('/api/auth/sign-up', {
    data: {
      email,
      password,
      passwordConfirmation: password,
      firstName: 'Ny',
      lastName: 'Användare',
      acceptTerms: true,
    },
    headers: await csrfHeaders(page),
  });
  expect(signUp.status(), await signUp.text()).toBe(201);
  await login(page, { email, password }, '/');
  return email;
}

export async function impersonateDemo(page: Page) {
  await login(page, ADMIN, '/api/health');
  const response = await page.request.post('/api/admin/impersonation', {
    data: { email: DEMO.email },
    headers: await csrfHeaders(page),
  });
  expect(response.status(), await response.text()).toBe(200);
}

export const test = base;
export { expect };
