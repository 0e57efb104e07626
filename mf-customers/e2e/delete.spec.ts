// The delete-customer modal: an accessible dialog (focus inside, Escape, focus back), and the
// customer gone from the list afterwards.
import { createCustomer, expect, open, signUp, test } from './fixtures.ts';

test('delete a customer from the list through the dialog', async ({ page }) => {
  await signUp(page);
  await createCustomer(page);
  const other = await createCustomer(page, { name: 'Spotify AB', governmentId: '556703-7485', vatNumber: null });
  await open(page, '/dashboard/customers');
  const trigger = page.getByRole('button', { name: `Ta bort ${other.name}` });

  await trigger.click();
  const dialog = page.getByRole('alertdialog', { name: 'Ta bort Spotify AB?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Avbryt' })).toBeFocused();
  // Focus stays in the dialog.
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Ta bort kunden' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Avbryt' })).toBeFocused();
  // Escape closes it and gives focus back.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(trigger).toBeFocused();

  await trigger.click();
  await dialog.getByRole('button', { name: 'Ta bort kunden' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Spotify AB togs bort.' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Spotify AB', exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Volvo Personvagnar AB', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Kunder', level: 1 })).toBeFocused();
  expect((await page.request.get(`/api/customers/${other.id}`)).status()).toBe(404);
});

test('a failed removal stays in the dialog with its message', async ({ page }) => {
  await signUp(page);
  const customer = await createCustomer(page);
  await page.route(`**/api/customers/${customer.id}`, (route) =>
    route.request().method() === 'DELETE'
      ? route.fulfill({
          status: 500,
          contentType: 'application/problem+json',
          body: JSON.stringify({ type: 'about:blank', title: 'Internal Server Error', status: 500, code: 'internal' }),
        })
      : route.fallback(),
  );
  await open(page, `/dashboard/customers/edit/${customer.id}`);
  await page.getByRole('button', { name: 'Ta bort kunden' }).click();
  const dialog = page.getByRole('alertdialog');
  await dialog.getByRole('button', { name: 'Ta bort kunden' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Kunden kunde inte tas bort. Försök igen.');
  await expect(dialog.getByRole('button', { name: 'Försök igen' })).toBeVisible();
  await page.unroute(`**/api/customers/${customer.id}`);
  await dialog.getByRole('button', { name: 'Försök igen' }).click();
  await expect(page).toHaveURL('/dashboard/customers');
  await expect(page.getByRole('heading', { name: 'Lägg till din första kund' })).toBeVisible();
});
