// The login screen against the real BFF (spec §8 login errors).
import { expect, test } from '@playwright/test';

test('email and password are required', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Logga in' }).click();
  await expect(page.getByText('E-post måste anges')).toBeVisible();
  await expect(page.getByText('Lösenord måste anges')).toBeVisible();
  await expect(page.getByLabel('E-post')).toHaveAttribute('aria-invalid', 'true');
});

test('a wrong password says "Incorrect username or password"', async ({ page }) => {
  await page.goto('/login?hl=en');
  await page.getByLabel('Email').fill('demo@example.com');
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Incorrect username or password');
  await expect(page).toHaveURL('/login');
});

test('logging in opens the dashboard', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('E-post').fill('demo@example.com');
  await page.getByLabel('Lösenord').fill('demo-password');
  await page.getByRole('button', { name: 'Logga in' }).click();
  await expect(page).toHaveURL('/dashboard/home');
  await expect(page.getByRole('heading', { name: 'Välkommen, Demo Frilansare!' })).toBeVisible();
});

test('sign-up and forgotten password are reachable from the login page', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Skapa ett konto' }).click();
  await expect(page).toHaveURL('/sign-up');
  await expect(page.getByRole('heading', { name: 'Skapa ditt konto' })).toBeVisible();
  await page.getByRole('link', { name: 'Logga in' }).click();
  await page.getByRole('link', { name: 'Glömt lösenordet?' }).click();
  await expect(page.getByRole('heading', { name: 'Glömt lösenord' })).toBeVisible();
});
