// The hold on payouts after a salary account change (issue 21), on screen: a paid freelancer changes their account,
// the salaries screen says what is held, why, until when and how to release it; the email's confirm link releases it;
// the email's stop link stops payouts and logs everyone out, and the screen then says what to do; the back office
// lists the held account. Swedish and English, axe, screenshots at 375 and 1366 px.
import { shotsDir } from '../../tools/testing/screens.ts';
import type { Browser, Page } from '@playwright/test';
import { apiGet, apiPost, expect, logIn, PASSWORD, seriousViolations, signUp, test } from './fixtures.ts';
import { bgMaxPaying, makePayable, sendInvoice } from './salary-steps.ts';
import { mailboxLink, openInLanguage } from '../../tools/testing/e2e.ts';

test.setTimeout(120_000);

/** Full-page pictures at a phone's and a laptop's width, for people to look at. */
async function shoot(page: Page, name: string) {
  const SHOTS = shotsDir('payout-hold');
  if (!SHOTS) return page.setViewportSize({ width: 1280, height: 860 });
  for (const width of [375, 1366]) {
    await page.setViewportSize({ width, height: width === 375 ? 740 : 860 });
    await page.waitForTimeout(150);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 860 });
}

/** The seeded admin imports a BgMax file that pays the invoice in full. */
async function payInFull(browser: Browser, invoice: { ocrNumber: string; totalInclVat: number }) {
  const context = await browser.newContext();
  const admin = await context.newPage();
  await logIn(admin, 'admin@example.com', 'admin-password');
  const upload = await admin.request.post('/api/admin/bgmax-imports', {
    multipart: {
      file: { name: 'b.bgmax', mimeType: 'text/plain', buffer: bgMaxPaying(invoice.ocrNumber, invoice.totalInclVat) },
    },
    headers: { 'X-CSRF-Token': (await context.cookies()).find((c) => c.name === 'csrf_token')?.value ?? '' },
  });
  expect(upload.status()).toBe(201);
  await context.close();
}

/** Changes the salary account to a German IBAN through the provider's page, as the freelancer. */
async function changeToIban(page: Page, lng: 'sv' | 'en') {
  const start = await apiPost(page, '/api/bank-details/registrations', { locale: lng });
  await page.goto(((await start.json()) as { redirectUrl: string }).redirectUrl);
  await page.getByLabel(lng === 'sv' ? 'Konto utomlands (IBAN)' : 'Account abroad (IBAN)').check();
  await page.getByLabel('IBAN', { exact: true }).fill('DE89 3704 0044 0532 0130 00');
  await page.getByLabel('BIC').fill('COBADEFFXXX');
  await page.getByRole('button', { name: lng === 'sv' ? 'Spara kontot' : 'Save the account' }).click();
  await expect(page).toHaveURL(/\/dashboard\/pinebucket-confirmation\?state=/);
  await expect(page.getByText('DE89 •••• 3000')).toBeVisible();
}

const moment = (iso: string, lng: 'sv' | 'en') =>
  new Intl.DateTimeFormat(lng === 'sv' ? 'sv-SE' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Europe/Stockholm',
  }).format(new Date(iso));

type Hold = { state: string; until: string | null; changedAt: string };

test('Swedish: the hold is shown with until when and how to release it; the email’s confirm link releases it', async ({
  page,
  browser,
}) => {
  const email = await signUp(page, 'sv');
  await makePayable(page, 'payout_immediate');
  await payInFull(browser, await sendInvoice(page));
  await changeToIban(page, 'sv');
  const { hold } = await apiGet<{ hold: Hold }>(page, '/api/bank-details');
  expect(hold.state).toBe('cooling_off');

  await openInLanguage(page, '/dashboard/salaries/transactions', 'sv');
  const notice = page.getByRole('alert').filter({ hasText: 'Utbetalningar till ditt nya konto väntar till' });
  await expect(notice.getByRole('heading')).toHaveText(
    `Utbetalningar till ditt nya konto väntar till ${moment(hold.until!, 'sv')}`,
  );
  await expect(notice).toContainText(
    `Ditt lönekonto ändrades från Swedbank •••• 7897 till DE89 •••• 3000 den ${moment(hold.changedAt, 'sv')}.`,
  );
  await expect(notice).toContainText('väntar vi 24 timmar');
  await expect(notice).toContainText(`Öppna mejlet vi skickade till ${email} och bekräfta ändringen`);
  await expect(page.getByRole('button', { name: 'Betala ut nu' })).toBeDisabled();
  await expect(page.getByText('Utbetalningar väntar tills väntetiden för ditt nya konto är över.')).toBeVisible();
  await expect(page.getByTestId('salary-account')).toHaveText('DE89 •••• 3000');
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'held-sv');

  // The email's "yes, it was me" link: the page asks first (mail scanners open links), then releases.
  await page.goto(await mailboxLink(page, email, '/bank-account-change/confirm'));
  await expect(page.getByRole('heading', { name: 'Släppa utbetalningarna till ditt nya konto?' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'confirm-ask-sv');
  await page.getByRole('button', { name: 'Ja, jag ändrade det: släpp utbetalningarna' }).click();
  await expect(page.getByRole('heading', { name: 'Utbetalningarna är släppta' })).toBeVisible();
  await expect(page.getByText('Din lön betalas till DE89 •••• 3000 med nästa utbetalning.')).toBeVisible();
  await shoot(page, 'confirm-done-sv');

  await page.getByRole('link', { name: 'Till dina löner' }).click();
  await expect(page.getByTestId('salary-account')).toHaveText('DE89 •••• 3000');
  await expect(page.getByText('Utbetalningar till ditt nya konto väntar till')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Betala ut nu' })).toBeEnabled();
});

test('English: "it wasn\u2019t me" stops the payouts and logs everyone out; the screen says what to do; the back office sees it', async ({
  page,
  browser,
}) => {
  const email = await signUp(page, 'en');
  await makePayable(page, 'payout_immediate');
  await payInFull(browser, await sendInvoice(page));
  await changeToIban(page, 'en');

  await openInLanguage(page, '/dashboard/salaries/transactions', 'en');
  await expect(page.getByRole('heading', { name: /^Payouts to your new account are on hold until / })).toBeVisible();
  await expect(page.getByText(/we wait 24 hours before paying to a new account/)).toBeVisible();
  await shoot(page, 'held-en');

  // The back office lists the held account.
  const context = await browser.newContext();
  const admin = await context.newPage();
  await logIn(admin, 'admin@example.com', 'admin-password');
  await openInLanguage(admin, '/admin/payouts', 'en');
  const held = admin.getByRole('region', { name: 'Payouts on hold' });
  await expect(held.getByText(email)).toBeVisible();
  await expect(held.getByText('DE89 •••• 3000').first()).toBeVisible();
  expect(await seriousViolations(admin)).toEqual([]);
  await shoot(admin, 'admin-held-en');
  await context.close();

  await page.goto(await mailboxLink(page, email, '/bank-account-change/stop'));
  await expect(page.getByRole('heading', { name: 'Stop payouts to the new account?' })).toBeVisible();
  await shoot(page, 'stop-ask-en');
  await page.getByRole('button', { name: 'Stop the payouts' }).click();
  await expect(page.getByRole('heading', { name: 'The payouts are stopped' })).toBeVisible();
  await expect(
    page.getByText('Nothing is paid to DE89 •••• 3000. Everyone has been logged out of your account.'),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Choose a new password' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'stop-done-en');
  expect((await page.request.get('/api/bank-details')).status()).toBe(401);

  await logIn(page, email, PASSWORD);
  await openInLanguage(page, '/dashboard/salaries/transactions', 'en');
  await expect(page.getByRole('heading', { name: 'Payouts to DE89 •••• 3000 are stopped' })).toBeVisible();
  await expect(page.getByText(/Nothing is paid out until you register your own account again/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay out now' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Change account' })).toBeEnabled();
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'stopped-en');
});

test('an admin acting as the freelancer sees the account but cannot change it (sv)', async ({ page, browser }) => {
  await signUp(page, 'sv');
  await makePayable(page);
  const { id } = await apiGet<{ id: string }>(page, '/api/auth/profile');
  const context = await browser.newContext();
  const admin = await context.newPage();
  await logIn(admin, 'admin@example.com', 'admin-password');
  await apiPost(admin, '/api/admin/impersonation', { userId: id });
  await openInLanguage(admin, '/dashboard/salaries/transactions', 'sv');
  await expect(admin.getByTestId('salary-account')).toHaveText('Swedbank •••• 7897');
  await expect(admin.getByRole('button', { name: 'Byt konto' })).toBeDisabled();
  await expect(admin.getByText(/bara personen själv, inloggad med sitt eget lösenord/)).toBeVisible();
  await shoot(admin, 'impersonating-sv');
  const refused = await admin.request.post('/api/bank-details/registrations', {
    data: { locale: 'sv' },
    headers: { 'X-CSRF-Token': (await context.cookies()).find((c) => c.name === 'csrf_token')?.value ?? '' },
  });
  expect(refused.status()).toBe(403);
  await context.close();
});
