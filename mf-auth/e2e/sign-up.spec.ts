// Sign-up and email confirmation against the real BFF and its development mailbox (docs/product/accounts.md#sign-up).
import { apiPost, expect, mailboxLink, PASSWORD, signUpAccount, test, uniqueEmail } from './fixtures.ts';

test('sign-up → confirmation email → confirm → log in → dashboard', async ({ page }) => {
  const email = uniqueEmail('signup');
  await page.goto('/sign-up');
  await page.getByLabel('Förnamn').fill('Saga');
  await page.getByLabel('Efternamn').fill('Nilsson');
  await page.getByLabel('E-post').fill(email);
  await page.getByLabel('Lösenord', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Upprepa lösenordet').fill(PASSWORD);
  await page.getByLabel('Jag godkänner villkoren').check();
  await page.getByRole('button', { name: 'Skapa konto' }).click();

  await expect(page.getByRole('heading', { name: 'Titta i din inkorg' })).toBeFocused();
  await expect(page.getByText(email)).toBeVisible();

  const link = await mailboxLink(page, email, '/confirm/');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Din e-post är bekräftad' })).toBeVisible();
  await page.getByRole('link', { name: 'Logga in' }).click();

  await expect(page).toHaveURL('/login');
  await expect(page.getByLabel('E-post')).toHaveValue(email);
  await page.getByLabel('Lösenord', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Logga in' }).click();
  await expect(page).toHaveURL('/dashboard/home');
  await expect(page.getByRole('heading', { name: 'Välkommen, Saga Nilsson!' })).toBeVisible();
});

// Every sign-up rule's message, focus on the first field, and what was typed staying: mf-auth/e2e/a11y.spec.ts
// 'sign-up, with its messages and after sending' (the same form, scanned by axe on the way).

test('in English the spec texts: "Passwords must match", "You must accept terms & conditions"', async ({ page }) => {
  await page.goto('/sign-up?hl=en');
  await page.getByLabel('Password', { exact: true }).fill('long-enough-1');
  await page.getByLabel('Repeat password').fill('long-enough-2');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Passwords must match')).toBeVisible();
  await expect(page.getByText('You must accept terms & conditions')).toBeVisible();
  await expect(page.getByLabel('I accept the terms & conditions')).toHaveAttribute('aria-invalid', 'true');
});

test('the server has the last word: its field errors land on the fields', async ({ page }) => {
  // A problem the client-side checks cannot know about, as the BFF would send it.
  await page.route('**/api/auth/sign-up', (route) =>
    route.fulfill({
      status: 400,
      contentType: 'application/problem+json',
      body: JSON.stringify({
        type: 'https://frilo.se/problems/validation',
        title: 'Bad Request',
        status: 400,
        code: 'validation',
        errors: [{ field: 'body.email', code: 'too_long', message: 'too long', params: { limit: 320 } }],
      }),
    }),
  );
  await page.goto('/sign-up');
  await page.getByLabel('Förnamn').fill('Saga');
  await page.getByLabel('Efternamn').fill('Nilsson');
  await page.getByLabel('E-post').fill('saga@example.com');
  await page.getByLabel('Lösenord', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Upprepa lösenordet').fill(PASSWORD);
  await page.getByLabel('Jag godkänner villkoren').check();
  await page.getByRole('button', { name: 'Skapa konto' }).click();
  await expect(page.getByLabel('E-post')).toHaveAccessibleDescription('E-postadressen är för lång');
  await expect(page.getByLabel('E-post')).toBeFocused();
  await expect(page.getByLabel('Lösenord', { exact: true })).toHaveValue(PASSWORD);
});

test('logged in but unconfirmed: the link confirms and continues to the dashboard', async ({ page }) => {
  const account = await signUpAccount(page);
  await apiPost(page, '/api/auth/login', { email: account.email, password: account.password });
  const link = await mailboxLink(page, account.email, '/confirm/');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Din e-post är bekräftad' })).toBeVisible();
  await page.getByRole('button', { name: 'Gå till översikten' }).click();
  await expect(page).toHaveURL('/dashboard/home');
  await expect(page.getByRole('heading', { name: 'Välkommen, Test Frilansare!' })).toBeVisible();
});

test('a confirmation link works once', async ({ page }) => {
  const account = await signUpAccount(page);
  const link = await mailboxLink(page, account.email, '/confirm/');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Din e-post är bekräftad' })).toBeVisible();
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Länken har redan använts' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Logga in' })).toBeVisible();
});

test('a broken confirmation link says it does not work', async ({ page }) => {
  await page.goto('/confirm/2b7f1e0a-0000-4000-8000-000000000000/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
  await expect(page.getByRole('heading', { name: 'Länken fungerar inte' })).toBeVisible();
  await page.goto('/confirm/not-a-uuid/short');
  await expect(page.getByRole('heading', { name: 'Länken fungerar inte' })).toBeVisible();
});

test('waiting for confirmation: every page is the please-confirm screen, the link can be sent again, and confirming elsewhere moves on', async ({
  page,
}) => {
  const account = await signUpAccount(page);
  await apiPost(page, '/api/auth/login', { email: account.email, password: account.password });
  // An unconfirmed email only gets the please-confirm screen, with its address, wherever it goes.
  for (const path of ['/dashboard/home', '/quotations/create', '/login', '/dashboard/profile']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Bekräfta din e-postadress' })).toBeVisible();
    await expect(page.getByText(account.email)).toBeVisible();
  }
  await page.getByRole('button', { name: 'Skicka länken igen' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'En ny bekräftelselänk är på väg.' })).toBeVisible();

  // Confirmed in another tab (same cookies); back in this tab the shell re-reads the session.
  const link = await mailboxLink(page, account.email, '/confirm/');
  const [, , id, token] = link.split('/');
  await apiPost(page, '/api/auth/confirm-email', { id, token });
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await expect(page.getByRole('heading', { name: 'Min profil' })).toBeVisible();
});
