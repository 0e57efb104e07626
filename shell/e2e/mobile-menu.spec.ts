// Up to the md breakpoint the sidebar becomes a slide-in menu with New Invoice and settings.
import { expect, login, test } from './fixtures.ts';

test.use({ viewport: { width: 375, height: 740 } });

test('the slide-in menu holds the areas, New invoice and settings, and closes on navigation', async ({ page }) => {
  await login(page);
  await expect(page.getByRole('navigation', { name: 'Huvudmeny' })).toBeHidden();
  await page.getByRole('button', { name: 'Öppna menyn' }).click();

  const menu = page.getByRole('dialog', { name: 'Meny' });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Ny faktura' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Min profil' })).toBeVisible();
  await expect(menu.getByRole('button', { name: 'Logga ut' })).toBeVisible();
  await expect(menu.getByText('Version 24.10.2025.01 · production')).toBeVisible();

  await menu.getByRole('link', { name: 'Kunder' }).click();
  await expect(menu).toBeHidden();
  await expect(page).toHaveURL('/dashboard/customers');
  await expect(page.getByRole('heading', { name: 'Kunder', level: 1 })).toBeVisible();
});

test('Escape closes the menu', async ({ page }) => {
  await login(page);
  await page.getByRole('button', { name: 'Öppna menyn' }).click();
  await expect(page.getByRole('dialog', { name: 'Meny' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Meny' })).toBeHidden();
});
