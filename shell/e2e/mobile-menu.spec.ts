// Up to the md breakpoint the sidebar becomes a slide-in menu with New Invoice and settings.
import { seriousViolations } from '../../tools/testing/e2e.ts';
import { expect, login, test } from './fixtures.ts';

test.use({ viewport: { width: 375, height: 740 } });

// One login for the menu's three checks (each was a test with its own login and page load): Escape, axe on the open
// menu, and what it holds.
test('the slide-in menu: Escape closes it; open, it passes axe, holds the areas, New invoice and settings, and closes on navigation', async ({
  page,
}) => {
  await login(page);
  await expect(page.getByRole('navigation', { name: 'Huvudmeny' })).toBeHidden();
  const menu = page.getByRole('dialog', { name: 'Meny' });
  await test.step('Escape closes the menu', async () => {
    await page.getByRole('button', { name: 'Öppna menyn' }).click();
    await expect(menu).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
  });
  await page.getByRole('button', { name: 'Öppna menyn' }).click();
  await expect(menu).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await expect(menu.getByRole('link', { name: 'Ny faktura' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Min profil' })).toBeVisible();
  await expect(menu.getByRole('button', { name: 'Logga ut' })).toBeVisible();
  await expect(menu.getByText('Version 24.10.2025.01 · production')).toBeVisible();

  await menu.getByRole('link', { name: 'Kunder' }).click();
  await expect(menu).toBeHidden();
  await expect(page).toHaveURL('/dashboard/customers');
  await expect(page.getByRole('heading', { name: 'Kunder', level: 1 })).toBeVisible();
});
