// Forgotten password and the reset link (the email arrives within about 30 seconds: docs/product/accounts.md#passwords).
import { confirmedAccount, expect, loginThroughForm, mailboxLink, test } from './fixtures.ts';

const NEW_PASSWORD = 'a-brand-new-password';

test('forgotten password → email → new password → log in with it', async ({ page }) => {
  const account = await confirmedAccount(page);
  await page.goto('/forgotten-password');
  await page.getByLabel('E-post').fill(account.email);
  await page.getByRole('button', { name: 'Skicka länken' }).click();
  await expect(page.getByRole('heading', { name: 'Titta i din inkorg' })).toBeVisible();
  await expect(page.getByText(/inom ungefär 30 sekunder/)).toBeVisible();

  const link = await mailboxLink(page, account.email, '/reset-password/');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Välj ett nytt lösenord' })).toBeVisible();
  await page.getByLabel('Nytt lösenord').fill(NEW_PASSWORD);
  await page.getByLabel('Upprepa det nya lösenordet').fill('something-else');
  await page.getByRole('button', { name: 'Spara nytt lösenord' }).click();
  await expect(page.getByText('Lösenorden måste vara lika')).toBeVisible();

  await page.getByLabel('Upprepa det nya lösenordet').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Spara nytt lösenord' }).click();
  await expect(page.getByRole('heading', { name: 'Ditt lösenord är bytt' })).toBeVisible();
  await page.getByRole('link', { name: 'Logga in' }).click();

  await expect(page.getByLabel('E-post')).toHaveValue(account.email);
  await page.getByLabel('Lösenord', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Logga in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Fel e-post eller lösenord');

  await loginThroughForm(page, { email: account.email, password: NEW_PASSWORD });
  await expect(page).toHaveURL('/dashboard/home');
});

test('a reset link works once; a used one offers a new one', async ({ page }) => {
  const account = await confirmedAccount(page);
  await page.goto('/forgotten-password?hl=en');
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Send the link' }).click();
  const link = await mailboxLink(page, account.email, '/reset-password/');

  for (const attempt of [1, 2]) {
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill(`${NEW_PASSWORD}-${attempt}`);
    await page.getByLabel('Repeat new password').fill(`${NEW_PASSWORD}-${attempt}`);
    await page.getByRole('button', { name: 'Save new password' }).click();
  }
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('This link has already been used.');
  await alert.getByRole('link', { name: 'Ask for a new link' }).click();
  await expect(page).toHaveURL('/forgotten-password');
});

// The new password's 8 characters, a broken link, and the address checked first: mf-auth/e2e/a11y.spec.ts 'forgotten
// password and the reset screen: …' (the same forms, scanned by axe on the way).
