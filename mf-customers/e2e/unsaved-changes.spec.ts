// Leaving the customer form with unsaved changes asks first (the kit's unsaved-changes guard):
// the shell's sidebar and the browser's back button get a dialog with leave / save and leave /
// keep editing; closing the tab gets the browser's own prompt. Nothing asks when nothing changed.
import type { Page } from '@playwright/test';
import { closeTabWithUnsavedChanges } from '../../tools/testing/e2e.ts';
import { createCustomer, expect, getCustomer, open, signUp, test } from './fixtures.ts';

const sidebarLink = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Huvudmeny' }).getByRole('link', { name });

test('a sidebar link asks: keep editing keeps what was typed, leave goes without saving', async ({ page }) => {
  await signUp(page);
  const customer = await createCustomer(page);
  await open(page, `/dashboard/customers/edit/${customer.id}`);
  const city = page.getByLabel('Ort', { exact: true });
  await city.fill('Torslanda');

  await sidebarLink(page, 'Översikt').click();
  const dialog = page.getByRole('alertdialog', { name: 'Du har ändringar som inte är sparade' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Fortsätt redigera' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Fortsätt redigera' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(`/dashboard/customers/edit/${customer.id}`);
  await expect(city).toHaveValue('Torslanda');
  // Focus goes back to the link that was clicked.
  await expect(sidebarLink(page, 'Översikt')).toBeFocused();

  await sidebarLink(page, 'Översikt').click();
  await dialog.getByRole('button', { name: 'Lämna utan att spara' }).click();
  await expect(page).toHaveURL('/dashboard/home');
  await expect(page.getByRole('heading', { name: /Välkommen/ })).toBeVisible();
  expect((await getCustomer(page, customer.id)).address.city).toBe('Göteborg');
});

test('the back button asks too, and save and leave saves, then goes where the user was going', async ({ page }) => {
  await signUp(page);
  const customer = await createCustomer(page);
  await open(page, '/dashboard/customers');
  await page.getByRole('link', { name: `Redigera ${customer.name}` }).click();
  await expect(page).toHaveURL(`/dashboard/customers/edit/${customer.id}`);
  const city = page.getByLabel('Ort', { exact: true });
  await city.fill('Torslanda');

  await page.goBack();
  const dialog = page.getByRole('alertdialog', { name: 'Du har ändringar som inte är sparade' });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(`/dashboard/customers/edit/${customer.id}`);
  await expect(city).toHaveValue('Torslanda');

  await dialog.getByRole('button', { name: 'Spara och lämna' }).click();
  await expect(page).toHaveURL('/dashboard/customers');
  await expect(page.getByRole('status').filter({ hasText: `Ändringarna av ${customer.name} sparades.` })).toBeVisible();
  expect((await getCustomer(page, customer.id)).address.city).toBe('Torslanda');
});

// One customer and page for three things a person does on the same form (they were two tests, each with its own
// sign-up, customer and page load); closing the tab ends the page, so it comes last.
test('without changes nothing asks; save and leave with a mistake stays, on the field to fix; closing the tab with unsaved changes gets the browser’s prompt', async ({
  page,
}) => {
  await signUp(page);
  const customer = await createCustomer(page);
  await open(page, `/dashboard/customers/edit/${customer.id}`);
  const city = page.getByLabel('Ort', { exact: true });
  await expect(city).toHaveValue('Göteborg');

  await test.step('nothing changed: the sidebar takes the user straight on', async () => {
    await sidebarLink(page, 'Kunder').click();
    await expect(page).toHaveURL('/dashboard/customers');
    await page.goBack();
    await expect(city).toHaveValue('Göteborg');
  });

  await test.step('save and leave with a mistake stays, on the field to fix', async () => {
    await city.fill('');
    await sidebarLink(page, 'Kunder').click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Spara och lämna' }).click();
    await expect(page.getByRole('alertdialog')).toBeHidden();
    await expect(page).toHaveURL(`/dashboard/customers/edit/${customer.id}`);
    await expect(city).toBeFocused();
    await expect(city).toHaveAttribute('aria-invalid', 'true');
  });

  await city.fill('Torslanda');
  expect(await closeTabWithUnsavedChanges(page)).toBe('beforeunload');
});
