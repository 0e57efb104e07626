// The login screen against the real BFF (the login messages of docs/product/accounts.md#sessions, in both languages).
import { DEMO, confirmedAccount, expect, test } from './fixtures.ts';

// The login page's own behaviour, one page load per language (they were five tests, each loading the page).
test('Swedish: email and password are required, each with its message; the password can be shown while typing; sign-up and forgotten password are reachable', async ({
  page,
}) => {
  await page.goto('/login');
  await test.step('email and password are required, each with its message', async () => {
    await page.getByRole('button', { name: 'Logga in' }).click();
    await expect(page.getByText('E-post måste anges')).toBeVisible();
    await expect(page.getByText('Lösenord måste anges')).toBeVisible();
    await expect(page.getByLabel('E-post')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('E-post')).toBeFocused();
  });
  await test.step('the password can be shown while typing', async () => {
    const password = page.getByLabel('Lösenord', { exact: true });
    await password.fill('secret-words');
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Visa lösenordet' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Dölj lösenordet' }).click();
    await expect(password).toHaveAttribute('type', 'password');
  });
  await test.step('sign-up and forgotten password are reachable from the login page', async () => {
    await page.getByRole('link', { name: 'Skapa ett konto' }).click();
    await expect(page).toHaveURL('/sign-up');
    await expect(page.getByRole('heading', { name: 'Skapa ditt konto' })).toBeVisible();
    await page.getByRole('link', { name: 'Logga in' }).click();
    await page.getByLabel('E-post').fill('someone@example.com');
    await page.getByRole('link', { name: 'Glömt lösenordet?' }).click();
    await expect(page.getByRole('heading', { name: 'Glömt lösenord' })).toBeVisible();
    // The address typed on the login page comes along.
    await expect(page.getByLabel('E-post')).toHaveValue('someone@example.com');
  });
});

test('English: "Email is required" and "Password is required"; a wrong password says "Incorrect email or password" and keeps the email', async ({
  page,
}) => {
  await page.goto('/login?hl=en');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
  await expect(page.getByLabel('Password', { exact: true })).toHaveAccessibleDescription('Password is required');

  await page.getByLabel('Email').fill(DEMO.email);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Incorrect email or password');
  await expect(page).toHaveURL('/login');
  await expect(page.getByLabel('Email')).toHaveValue(DEMO.email);
});

// The Swedish "Fel e-post eller lösenord" on a refused login: password-reset.spec.ts (the old password after a reset)
// and email-change.spec.ts (the old address after a change) assert it word for word.
test('the button is disabled while logging in, then the dashboard opens', async ({ page }) => {
  const account = await confirmedAccount(page);
  await page.route('**/api/auth/login', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });
  await page.goto('/login');
  await page.getByLabel('E-post').fill(account.email);
  await page.getByLabel('Lösenord', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Logga in' }).click();
  await expect(page.getByRole('button', { name: 'Loggar in…' })).toBeDisabled();
  await expect(page).toHaveURL('/dashboard/home');
  await expect(page.getByRole('heading', { name: 'Välkommen, Test Frilansare!' })).toBeVisible();
});

test('a crafted ?redirect= (a tab before a second slash) is not followed: after login the home page opens', async ({
  page,
}) => {
  const account = await confirmedAccount(page);
  const pageErrors: Error[] = [];
  page.on('pageerror', (error) => pageErrors.push(error));
  await page.goto('/login?redirect=/%09/evil.example');
  await page.getByLabel('E-post').fill(account.email);
  await page.getByLabel('Lösenord', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Logga in' }).click();
  await expect(page).toHaveURL('/dashboard/home');
  expect(new URL(page.url()).host).toBe(new URL(test.info().project.use.baseURL!).host);
  expect(pageErrors.map((error) => error.message)).toEqual([]);
});
