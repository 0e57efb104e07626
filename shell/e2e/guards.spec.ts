// Route guards (docs/product/web-app.md#routes), against the real session endpoint.
import { DEMO, expect, login, test } from './fixtures.ts';

test.describe('logged out', () => {
  // One page for the ways in without a session (they were three tests, each with its own browser context).
  test('a dashboard page sends you to log in, keeping where you were going; any other path goes to the login page; the public recipient link opens', async ({
    page,
  }) => {
    await page.goto('/dashboard/invoices?page=2');
    await expect(page).toHaveURL('/login?redirect=%2Fdashboard%2Finvoices%3Fpage%3D2');
    await expect(page.getByRole('heading', { name: 'Logga in' })).toBeVisible();
    for (const path of ['/', '/quotations/create', '/no/such/page']) {
      await page.goto(path);
      await expect(page).toHaveURL('/login');
    }
    await page.goto('/recipients/2b7f1e0a-0000-4000-8000-000000000000/verify/abc');
    await expect(page.getByRole('heading', { name: 'Kontrollera dina kontaktuppgifter' })).toBeVisible();
  });

  test('logging in returns to the page you asked for', async ({ page }) => {
    await page.goto('/dashboard/invoices');
    await page.getByLabel('E-post').fill(DEMO.email);
    await page.getByLabel('Lösenord').fill(DEMO.password);
    await page.getByRole('button', { name: 'Logga in' }).click();
    await expect(page).toHaveURL('/dashboard/invoices');
    await expect(page.getByRole('heading', { name: 'Fakturor', level: 1 })).toBeVisible();
  });
});

test.describe('logged in', () => {
  // One login for three addresses (they were three tests, each with its login).
  test('/ opens the dashboard with a welcome by name; /login says you are already logged in, then goes there; an unknown dashboard page says not found inside the app', async ({
    page,
  }) => {
    await login(page, DEMO, '/');
    await expect(page).toHaveURL('/dashboard/home');
    await expect(page.getByRole('heading', { name: `Välkommen, ${DEMO.name}!` })).toBeVisible();

    await page.goto('/login');
    await expect(page.getByText('Du är redan inloggad')).toBeVisible();
    await expect(page).toHaveURL('/dashboard/home');

    await page.goto('/dashboard/nothing-here');
    await expect(page.getByRole('heading', { name: 'Sidan finns inte' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Huvudmeny' })).toBeVisible();
  });

  // One login for both ways of moving between remotes (they were two tests, each with its login and page load).
  test('a link inside a remote to another area switches remote; the sidebar moves between remotes and back/forward work across them', async ({
    page,
  }) => {
    await login(page);
    const nav = page.getByRole('navigation', { name: 'Huvudmeny' });
    // The dashboard is mf-invoices; its payout card links to the salaries, which are mf-salaries.
    await page.getByRole('region', { name: 'Nästa utbetalning' }).getByRole('link', { name: 'Dina löner' }).click();
    await expect(page).toHaveURL('/dashboard/salaries/transactions');
    await expect(page.getByRole('heading', { name: 'Löner', level: 1 })).toBeVisible();
    await nav.getByRole('link', { name: 'Översikt' }).click();
    await expect(page).toHaveURL('/dashboard/home');
    await nav.getByRole('link', { name: 'Löner' }).click();
    await expect(page).toHaveURL('/dashboard/salaries/transactions');
    await expect(page.getByRole('heading', { name: 'Löner', level: 1 })).toBeVisible();
    await nav.getByRole('link', { name: 'Kunder' }).click();
    await expect(page.getByRole('heading', { name: 'Kunder', level: 1 })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('heading', { name: 'Löner', level: 1 })).toBeVisible();
    await page.goForward();
    await expect(page.getByRole('heading', { name: 'Kunder', level: 1 })).toBeVisible();
    // "Old Frilo" is there because the demo account has the legacy flag.
    await nav.getByRole('link', { name: 'Gamla Frilo' }).click();
    await expect(page.getByRole('heading', { name: 'Gamla Frilo', level: 1 })).toBeVisible();
  });

  test('logging out clears local storage except the new-login flag and shows the login page', async ({ page }) => {
    await login(page);
    await page.evaluate(() => {
      localStorage.setItem('new_login_modal_seen', 'true');
      localStorage.setItem('user_details', '{}');
    });
    await page.getByRole('button', { name: /Demo Frilansare/ }).click();
    await page.getByRole('button', { name: 'Logga ut' }).click();
    await expect(page).toHaveURL('/login');
    const keys = await page.evaluate(() => Object.keys(localStorage));
    expect(keys).toEqual(['new_login_modal_seen']);
    await page.goto('/dashboard/home');
    await expect(page).toHaveURL(/\/login\?redirect=/);
  });
});

// An unconfirmed email only gets the please-confirm screen (the dashboard, the invoice wizard, the login page, the
// profile), and can send the link again: mf-auth's sign-up.spec.ts, 'waiting for confirmation'.
