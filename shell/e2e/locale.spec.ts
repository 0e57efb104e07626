// Swedish by default; ?hl= switches and the choice survives a reload (cookie + localStorage); a choice is saved to
// the profile (decision 0019), so logging in does not switch it back.
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { confirmedAccount, expect, login, test } from './fixtures.ts';

test('?hl=en switches to English and stays English after a reload', async ({ page, context }) => {
  await page.goto('/login?hl=en');
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  await expect(page).toHaveURL('/login');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  const cookie = (await context.cookies()).find((item) => item.name === 'user_locale');
  expect(cookie?.value).toBe('en');
  expect(await page.evaluate(() => localStorage.getItem('user_locale'))).toBe('en');

  await page.goto('/login?hl=sv');
  await expect(page.getByRole('heading', { name: 'Logga in' })).toBeVisible();
});

async function profileLocale(page: Page): Promise<string> {
  const response = await page.request.get('/api/auth/profile');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { preferredLocale: string }).preferredLocale;
}

async function loginThroughForm(page: Page, account: { email: string; password: string }, lng: 'sv' | 'en') {
  const en = lng === 'en';
  await page.getByLabel(en ? 'Email' : 'E-post').fill(account.email);
  await page.getByLabel(en ? 'Password' : 'Lösenord', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: en ? 'Log in' : 'Logga in' }).click();
}

test("switched while logged in, the shell and the remote switch together and the language is the profile's: another device logging in gets it", async ({
  page,
  browser,
}) => {
  const account = await confirmedAccount(page);
  await login(page, account, '/dashboard/profile');
  await expect(page.getByRole('region', { name: 'Språk', exact: true }).getByLabel('Svenska')).toBeChecked();
  await page.getByRole('button', { name: /Ny Användare/ }).click();
  await page.getByRole('button', { name: 'English' }).click();
  // The switch re-renders the shell and the remote together.
  await expect(page.getByRole('heading', { name: 'My profile', level: 1 })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Invoices' }),
  ).toBeVisible();
  await expect.poll(() => profileLocale(page)).toBe('en');
  // The profile screen that is open says so too, and so does a fresh one.
  await expect(page.getByRole('region', { name: 'Language', exact: true }).getByLabel('English')).toBeChecked();
  await page.reload();
  await expect(page.getByRole('region', { name: 'Language', exact: true }).getByLabel('English')).toBeChecked();
  await page.keyboard.press('Escape');
  // Pictures for people to look at, when SHOTS_DIR is set.
  const dir = process.env['SHOTS_DIR'];
  for (const width of dir ? [375, 1280] : []) {
    await page.setViewportSize({ width, height: width === 375 ? 740 : 900 });
    await page.waitForTimeout(200);
    await page.screenshot({ path: join(dir!, `language-in-profile-en-${width}.png`), fullPage: true });
  }

  // A browser that never chose a language: it starts in Swedish and logging in switches to the profile's English.
  const device = await browser.newContext();
  const other = await device.newPage();
  await other.goto('/login');
  await expect(other.getByRole('heading', { name: 'Logga in' })).toBeVisible();
  await loginThroughForm(other, account, 'sv');
  await expect(other.getByRole('heading', { name: /Welcome, Ny/ })).toBeVisible();
  await other.reload();
  await expect(other.getByRole('heading', { name: /Welcome, Ny/ })).toBeVisible();
  await device.close();
});

test('?hl=en before logging in is kept through the login and saved to the profile; it does not leak to the next user', async ({
  page,
}) => {
  const first = await confirmedAccount(page);
  const next = await confirmedAccount(page, { firstName: 'Nästa', lastName: 'Användare' });
  await page.goto('/login?hl=en');
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  await loginThroughForm(page, first, 'en');
  await expect(page.getByRole('heading', { name: /Welcome, Ny/ })).toBeVisible();
  await expect.poll(() => profileLocale(page)).toBe('en');
  await page.reload();
  await expect(page.getByRole('heading', { name: /Welcome, Ny/ })).toBeVisible();

  // Logged out, the device still shows English, but the next user's profile (Swedish) is theirs: login switches to it
  // and does not write the first user's choice into it.
  await page.getByRole('button', { name: /Ny Användare/ }).click();
  await page.getByRole('button', { name: 'Log out', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  await loginThroughForm(page, next, 'en');
  await expect(page.getByRole('heading', { name: /Välkommen, Nästa/ })).toBeVisible();
  expect(await profileLocale(page)).toBe('sv');
});

test('?hl=en on a logged-in page: the page, the next pages, a reload and the emails all agree on English', async ({
  page,
}) => {
  const account = await confirmedAccount(page);
  await login(page, account);
  await expect(page.getByRole('heading', { name: /Välkommen, Ny/ })).toBeVisible();
  expect(await profileLocale(page)).toBe('sv');

  await page.goto('/dashboard/invoices?hl=en');
  await expect(page.getByRole('heading', { name: 'Invoices', level: 1 })).toBeVisible();
  await expect(page).toHaveURL('/dashboard/invoices');
  // The profile, and so the emails, follow the choice.
  await expect.poll(() => profileLocale(page)).toBe('en');
  // The next page, reached in the app, and a reload stay English.
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Salaries' }).click();
  await expect(page.getByRole('heading', { name: 'Salaries', level: 1 })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('heading', { name: /Welcome, Ny/ })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: /Welcome, Ny/ })).toBeVisible();
  await page.goto('/dashboard/customers');
  await expect(page.getByRole('heading', { name: 'Customers', level: 1 })).toBeVisible();
  expect(await profileLocale(page)).toBe('en');
  // An email to the account now is in English too: the page and the emails agree.
  await page.request.post('/api/auth/forgotten-password', {
    data: { email: account.email },
    headers: { 'X-CSRF-Token': (await page.context().cookies()).find((c) => c.name === 'csrf_token')?.value ?? '' },
  });
  await expect
    .poll(async () => {
      const response = await page.request.get(`/api/dev/mailbox?to=${encodeURIComponent(account.email)}`);
      const { messages } = (await response.json()) as { messages: { subject: string }[] };
      return messages.map((message) => message.subject).find((subject) => /password/i.test(subject)) ?? '';
    })
    .toMatch(/^Reset your .*password/);
});
