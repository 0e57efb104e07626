// An admin acting as a user (docs/product/accounts.md#impersonation): the coloured bar, the user's profile, and back again.
import { ADMIN, confirmedAccount, expect, loginThroughForm, test } from './fixtures.ts';

test("an admin impersonates a user, sees the bar and the user's profile, then stops", async ({ page }) => {
  const user = await confirmedAccount(page);
  await page.goto('/login');
  await loginThroughForm(page, ADMIN);
  // An admin starts in the back office (issue 24).
  await expect(page).toHaveURL('/admin/approvals');

  // Start from the page itself, as an admin tool would: the API with the CSRF header, then tell the shell.
  const status = await page.evaluate(async (email) => {
    const csrf = document.cookie
      .split('; ')
      .find((part) => part.startsWith('csrf_token='))
      ?.slice('csrf_token='.length);
    const response = await fetch('/api/admin/impersonation', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': decodeURIComponent(csrf ?? '') },
      body: JSON.stringify({ email }),
    });
    window.dispatchEvent(
      new CustomEvent('frilo:session-invalidated', { detail: { navigateTo: '/dashboard/profile' } }),
    );
    return response.status;
  }, user.email);
  expect(status).toBe(200);

  const bar = page.getByRole('region', { name: 'Inloggad som användare' });
  await expect(bar).toContainText('Test Frilansare');
  await expect(bar).toHaveCSS('background-color', 'rgb(242, 180, 65)');
  await expect(page).toHaveURL('/dashboard/profile');
  await expect(page.getByRole('region', { name: 'E-post för inloggning' })).toContainText(user.email);
  // The admin may help with the profile, but not take over the login.
  await expect(page.getByText(/går det inte att byta e-post för inloggning eller lösenord/).first()).toBeVisible();
  await expect(page.getByLabel('Ny e-postadress')).toBeHidden();

  await bar.getByRole('button', { name: 'Tillbaka till mitt konto' }).click();
  await expect(bar).toBeHidden();
  // Back to the admin's own start, the back office's approval queue (issue 24).
  await expect(page).toHaveURL('/admin/approvals');
  await expect(page.getByRole('heading', { level: 1, name: 'Godkännandekö' })).toBeVisible();
});
