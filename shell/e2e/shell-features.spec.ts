// The shell's own pieces: notifications, notices, impersonation, settings.
import { DEMO, expect, impersonateDemo, login, test } from './fixtures.ts';

// One login for the header's pieces (they were three tests, each with its login and dashboard load).
test('a remote can show a notification top right; it closes by itself; the settings menu has My profile, the version and the environment; New invoice opens the invoice wizard', async ({
  page,
}) => {
  await login(page);
  // Remotes only exist once the shell has rendered, so wait for a remote's screen first.
  await expect(page.getByRole('heading', { name: /Välkommen/ })).toBeVisible();
  await page.evaluate(() =>
    window.dispatchEvent(new CustomEvent('frilo:notify', { detail: { kind: 'success', message: 'Kunden sparades' } })),
  );
  const notification = page.getByRole('status').filter({ hasText: 'Kunden sparades' });
  await expect(notification).toBeVisible();
  const box = await notification.boundingBox();
  expect(box && box.x > 640 && box.y < 100).toBe(true);
  await expect(notification).toBeHidden({ timeout: 8000 });

  // The settings menu has My profile, the version and the environment.
  await page.getByRole('button', { name: /Demo Frilansare/ }).click();
  await expect(page.locator('.settings__panel').getByText('Version 24.10.2025.01 · production')).toBeVisible();
  await page.getByRole('link', { name: 'Min profil' }).click();
  await expect(page).toHaveURL('/dashboard/profile');
  await expect(page.getByRole('heading', { name: 'Min profil' })).toBeVisible();
  await expect(page.getByText(DEMO.email).first()).toBeVisible();

  // New invoice, in the header, opens the invoice wizard.
  await page.getByRole('banner').getByRole('link', { name: 'Ny faktura' }).click();
  await expect(page).toHaveURL('/quotations/create');
  await expect(page.getByRole('navigation', { name: 'Steg' }).getByRole('listitem')).toHaveCount(5);
});

// Closed notices staying closed after a reload and in another browser: notices.spec.ts ('an account from the old
// product sees the rename notice first, then the survey promo; closed stays closed').

test('an impersonating admin sees the bar and can go back to their own account', async ({ page }) => {
  await impersonateDemo(page);
  await page.goto('/dashboard/home');
  const bar = page.getByRole('region', { name: 'Inloggad som användare' });
  await expect(bar).toContainText('Admin Frilo, du agerar som Demo Frilansare.');
  await bar.getByRole('button', { name: 'Tillbaka till mitt konto' }).click();
  await expect(bar).toBeHidden();
  // Back to the admin's own start, the back office's approval queue (issue 24).
  await expect(page).toHaveURL('/admin/approvals');
  await expect(page.getByRole('heading', { level: 1, name: 'Godkännandekö' })).toBeVisible();
});
