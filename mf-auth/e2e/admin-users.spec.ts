// The back office's accounts (docs/product/back-office.md#accounts): search, open, disable and enable, the admin right,
// impersonation from the account's page, and the audit log that records it, in Swedish and English.
import { shootWidths } from '../../tools/testing/screens.ts';
import { ADMIN, apiPost, confirmedAccount, DEMO, expect, seriousViolations, test } from './fixtures.ts';
import { JOURNEY_LANGUAGES, openInLanguage } from '../../tools/testing/e2e.ts';

// Screenshots at two widths on a shared machine take longer than the default.
test.setTimeout(120_000);
for (const lng of JOURNEY_LANGUAGES) {
  const t = (sv: string, en: string) => (lng === 'sv' ? sv : en);

  test(`an admin finds the demo freelancer by personal number and opens the account (${lng})`, async ({ page }) => {
    await apiPost(page, '/api/auth/login', ADMIN);
    await openInLanguage(page, '/admin/users', lng);
    await expect(page.getByRole('heading', { level: 1, name: t('Användare', 'Users') })).toBeVisible();
    // Typed with a dash and without the century, as people write it.
    await page.getByRole('searchbox', { name: t('Sök', 'Search') }).fill('811218-9876');
    await page.getByRole('button', { name: t('Sök', 'Search'), exact: true }).click();
    await expect(page).toHaveURL(/q=811218-9876/);
    await expect(page.getByText(t('1 konto', '1 account'))).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await shootWidths(page, `admin-users-${lng}`, () => expect(page.getByText(DEMO.email).first()).toBeVisible());

    await page.getByRole('link', { name: 'Demo Frilansare' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Demo Frilansare' })).toBeVisible();
    await expect(page.getByText('198112189876')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await shootWidths(page, `admin-user-${lng}`, () => expect(page.getByText('198112189876')).toBeVisible());
  });
}

test("disabling ends the account's sessions and login says so; enabling lets it in again; all in the audit log; then the admin right and impersonation from the account page", async ({
  page,
  browser,
}) => {
  const user = await confirmedAccount(page);
  // The user is logged in elsewhere.
  const elsewhere = await browser.newContext();
  const userPage = await elsewhere.newPage();
  await apiPost(userPage, '/api/auth/login', { email: user.email, password: user.password });

  await apiPost(page, '/api/auth/login', ADMIN);
  await page.goto(`/admin/users?q=${encodeURIComponent(user.email)}`);
  await page.getByRole('link', { name: 'Test Frilansare' }).click();
  await page.getByRole('button', { name: 'Inaktivera konto' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Inaktivera Test Frilansare?' });
  await dialog.getByLabel(/Anledning/).fill('Misstänkt bedrägeri');
  await dialog.getByRole('button', { name: 'Inaktivera konto' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Inaktiverad', { exact: true }).first()).toBeVisible();

  const session = await userPage.request.get('/api/auth/session');
  expect(session.status()).toBe(401);
  const login = await userPage.request.post('/api/auth/login', {
    data: { email: user.email, password: user.password },
    headers: { 'X-CSRF-Token': (await elsewhere.cookies()).find((c) => c.name === 'csrf_token')?.value ?? '' },
  });
  expect(login.status()).toBe(403);
  expect((await login.json()).code).toBe('account_disabled');

  await page.getByRole('button', { name: 'Aktivera konto' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Aktivera konto' }).click();
  await expect(page.getByText('Aktiv', { exact: true }).first()).toBeVisible();

  await page.getByRole('link', { name: 'Händelser om detta konto' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Granskningslogg' })).toBeVisible();
  const log = page.getByRole('table', { name: 'Granskningslogg' });
  await expect(log.getByRole('row').filter({ hasText: 'user.disabled' })).toContainText('Misstänkt bedrägeri');
  await expect(log.getByRole('row').filter({ hasText: 'user.enabled' })).toContainText('Admin Frilo');
  await elsewhere.close();

  // Back on the account's page: the admin right granted and revoked, then impersonation from there.
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Test Frilansare' })).toBeVisible();

  await page.getByRole('button', { name: 'Gör till admin' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Gör till admin' }).click();
  await expect(page.getByText('Admin', { exact: true })).toBeVisible();
  // Admins are not impersonated: the button is gone while the right is there.
  await expect(page.getByRole('button', { name: 'Logga in som användaren' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Ta bort admin' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Ta bort admin' }).click();
  await expect(page.getByText('Admin', { exact: true })).toHaveCount(0);

  await page.getByRole('button', { name: 'Logga in som användaren' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Logga in som användaren' }).click();
  const bar = page.getByRole('region', { name: 'Inloggad som användare' });
  await expect(bar).toContainText('Test Frilansare');
  await expect(page).toHaveURL('/dashboard/home');
  // Acting as the user, the back office is not there.
  await expect(page.getByRole('heading', { name: 'Backoffice' })).toHaveCount(0);
  await bar.getByRole('button', { name: 'Tillbaka till mitt konto' }).click();
  await expect(bar).toBeHidden();
});

for (const lng of JOURNEY_LANGUAGES) {
  test(`the audit log filters by action (${lng})`, async ({ page }) => {
    await apiPost(page, '/api/auth/login', ADMIN);
    await openInLanguage(page, '/admin/audit', lng);
    const title = lng === 'sv' ? 'Granskningslogg' : 'Audit log';
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await page.getByLabel(lng === 'sv' ? 'Händelse' : 'Action').selectOption('legacy.imported');
    await page.getByRole('button', { name: lng === 'sv' ? 'Filtrera' : 'Filter', exact: true }).click();
    await expect(page).toHaveURL(/action=legacy.imported/);
    // The demo's old records were imported at start-up by the demo admin.
    const rows = page.getByRole('table', { name: title }).getByRole('row');
    await expect(rows.nth(1)).toContainText('legacy.imported');
    await expect(rows.filter({ hasNotText: 'legacy.imported' })).toHaveCount(1);
    expect(await seriousViolations(page)).toEqual([]);
    await shootWidths(page, `admin-audit-${lng}`, () => expect(page.getByText('legacy.imported').nth(1)).toBeVisible());
  });
}
