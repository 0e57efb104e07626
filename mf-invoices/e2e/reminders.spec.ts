// Reminders and late payment on screen (issue 24): an overdue invoice shows on the dashboard's overdue card (its sum)
// and in the list's overdue filter; the morning run reminds its customer and the invoice page says so (reminders sent,
// the fee, the next one, the history); once it is paid late, the freelancer sends the interest invoice in one action.
// Phone and desktop widths, Swedish and English, axe, screenshots.
import { shotsDir } from '../../tools/testing/screens.ts';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { bgMaxPaying } from '../../tools/testing/bgmax.ts';
import {
  addGovernmentId,
  apiWrite,
  createCustomer,
  createInvoice,
  expect,
  loginAdmin,
  open,
  registerBankAccount,
  seriousViolations,
  sendInvoice,
  signUp,
  test,
  type Invoice,
} from './invoice-fixtures.ts';
import { JOURNEY_LANGUAGES } from '../../tools/testing/e2e.ts';

test.describe.configure({ timeout: 180_000 });

/** Pictures at 375 and 1366 px (SHOTS_DIR/mf-invoices/<name>-<width>.png, when SHOTS_DIR is set). */
async function shoot(page: Page, name: string) {
  const dir = shotsDir('mf-invoices');
  if (!dir) return page.setViewportSize({ width: 1366, height: 900 });
  for (const width of [375, 1366]) {
    await page.setViewportSize({ width, height: width === 375 ? 740 : 900 });
    await page.waitForTimeout(250);
    await page.screenshot({ path: join(dir, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

const read = async (page: Page, id: string) =>
  (await (await page.request.get(`/api/invoices/${id}`)).json()) as Invoice;

for (const lng of JOURNEY_LANGUAGES) {
  const t = (sv: string, en: string) => (lng === 'sv' ? sv : en);

  test(`overdue card and filter, reminders on the invoice page, the interest invoice in one action (${lng})`, async ({
    page,
    browser,
  }) => {
    await signUp(page, lng);
    await addGovernmentId(page);
    await registerBankAccount(page, lng);
    // The profile's defaults: reminders 7 days after the due date, and the reminder fee stated.
    await apiWrite(page, 'PATCH', '/api/auth/profile', { reminderInterval: 7, reminderFee: true });
    const customer = await createCustomer(page);
    // Dated 45 days back with 30 days' terms: 15 days overdue. Another, dated today, is not.
    const late = await createInvoice(page, customer.id, { daysAgo: 45, reference: 'PO-LATE' });
    const onTime = await createInvoice(page, customer.id, { reference: 'PO-ONTIME' });
    expect(late.reminderInterval).toBe(7);
    expect(late.reminderFee).toBe(6000);
    // An agreed rate of 12 %: the statutory rate's reference rate is only known up to 30 Jun 2026 (rates.ts), and a
    // delay after it is not computed rather than guessed.
    await apiWrite(page, 'PATCH', `/api/invoices/${late.id}`, { version: late.version, latePaymentInterest: 12 });
    await sendInvoice(page, late.id);
    await sendInvoice(page, onTime.id);
    const sent = await read(page, late.id);

    // The morning run, now: the first reminder of the overdue invoice (its due date + 7 days has passed).
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await loginAdmin(admin);
    const csrf = async () => (await adminContext.cookies()).find((c) => c.name === 'csrf_token')?.value ?? '';
    const run = await admin.request.post('/api/admin/payment-reminders/run', {
      headers: { 'X-CSRF-Token': await csrf() },
    });
    expect(run.status()).toBe(200);
    await expect.poll(async () => (await read(page, late.id)).remindersSent).toBe(1);

    // The dashboard: the overdue card with the one overdue invoice's sum, and the way to the list of them.
    await open(page, '/dashboard/home', lng);
    const card = page.getByTestId('widget-overdue');
    // The summary loads after the page (slow on a shared machine): wait for it, not for a time.
    await expect(card.getByRole('heading', { name: t('Förfallet', 'Overdue') })).toBeVisible({ timeout: 30_000 });
    const total = sent.totals.totalInclVat;
    const amount = lng === 'sv' ? '11 875,00\u00a0kr' : 'SEK\u00a011,875.00';
    expect(total).toBe(1_187_500);
    await expect(card).toContainText(amount);
    await expect(card).toContainText(
      t('1 faktura är obetald efter förfallodagen', '1 invoice unpaid after its due date'),
    );
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, `reminders-dashboard-${lng}`);

    // The overdue filter: only the late invoice.
    await card.getByRole('link', { name: t('Visa förfallna fakturor', 'Show overdue invoices') }).click();
    await expect(page).toHaveURL(/status=overdue/);
    await expect(page.getByLabel('Status')).toHaveValue('overdue');
    await expect(page.getByText('PO-LATE')).toBeVisible();
    await expect(page.getByText('PO-ONTIME')).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, `reminders-overdue-list-${lng}`);

    // The invoice page: the reminder sent with its fee, the next one, and the history.
    await open(page, `/dashboard/invoices/${late.id}`, lng);
    const section = page.getByRole('region', {
      name: t('Påminnelser och dröjsmålsränta', 'Reminders and late-payment interest'),
    });
    await expect(section.getByTestId('reminders-sent')).toHaveText(t('1 påminnelse', '1 reminder'));
    await expect(section.getByTestId('next-reminder')).toContainText(t('Andra påminnelsen', 'Second reminder'));
    await expect(section).toContainText(lng === 'sv' ? '60,00\u00a0kr debiterad' : 'SEK\u00a060.00 charged');
    await expect(section.getByTestId('late-interest')).toBeVisible();
    await expect(page.getByText(t('Betalningspåminnelse', 'Payment reminder'), { exact: true })).toBeVisible();
    await expect(page.getByText(t('Påminnelseavgift 60,00\u00a0kr.', 'Reminder fee SEK\u00a060.00.'))).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, `reminders-invoice-${lng}`);

    // Paid today, 15 days late: the invoice and its fee by the same OCR reference.
    const upload = await admin.request.post('/api/admin/bgmax-imports', {
      multipart: {
        file: { name: 'b.bgmax', mimeType: 'text/plain', buffer: bgMaxPaying(sent.ocrNumber!, total + 6000) },
      },
      headers: { 'X-CSRF-Token': await csrf() },
    });
    expect(upload.status()).toBe(201);
    await adminContext.close();
    await expect.poll(async () => (await read(page, late.id)).status).toBe(5);

    await page.reload();
    await expect(section).toContainText(t('Ränta för förseningen', 'Interest for the delay'));
    const send = section.getByRole('button', {
      name: lng === 'sv' ? /Skicka räntefaktura på/ : /Send an interest invoice of/,
    });
    await expect(send).toBeVisible();
    await shoot(page, `reminders-paid-late-${lng}`);
    await send.click();
    const dialog = page.getByRole('alertdialog');
    await expect(
      dialog.getByRole('heading', { name: t('Skicka en räntefaktura?', 'Send an interest invoice?') }),
    ).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, `reminders-interest-dialog-${lng}`);
    await dialog.getByRole('button', { name: t('Skicka räntefakturan', 'Send the interest invoice') }).click();
    await expect(dialog).toHaveCount(0);
    // One action: the interest invoice exists, linked from the invoice, and the button is gone.
    await expect(section.getByRole('link', { name: /^(Faktura|Invoice) \d+$/ })).toBeVisible();
    await expect(send).toHaveCount(0);
    const withInterest = await read(page, late.id);
    expect(withInterest.interestInvoice).not.toBeNull();
    const interest = await read(page, withInterest.interestInvoice!.id);
    expect(interest.kind).toBe('interest');
    expect(interest.totals.totalVat).toBe(0);
    expect(interest.totals.totalInclVat).toBe(withInterest.lateInterest?.amount);
    await shoot(page, `reminders-interest-sent-${lng}`);
  });
}

for (const lng of JOURNEY_LANGUAGES) {
  test(`the profile's reminder defaults are what new invoices get (${lng})`, async ({ page }) => {
    const t = (sv: string, en: string) => (lng === 'sv' ? sv : en);
    await signUp(page, lng);
    await open(page, '/dashboard/profile', lng);
    const section = page.getByRole('region', { name: t('Betalningspåminnelser', 'Payment reminders') });
    await expect(section).toBeVisible({ timeout: 30_000 });
    await section.getByLabel(t('14 dagar efter förfallodagen', '14 days after the due date')).check();
    await section
      .getByLabel(t('Påminnelseavgift 60 kr på fakturor i kronor', 'Reminder fee SEK 60 on invoices in SEK'))
      .check();
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, `reminders-profile-${lng}`);
    await page
      .getByRole('button', { name: t('Spara', 'Save') })
      .first()
      .click();
    await expect
      .poll(
        async () => (await (await page.request.get('/api/auth/profile')).json()) as { reminderInterval: number | null },
      )
      .toMatchObject({ reminderInterval: 14, reminderFee: true });
    const customer = await createCustomer(page);
    const draft = await createInvoice(page, customer.id);
    expect(draft.reminderInterval).toBe(14);
    expect(draft.reminderFee).toBe(6000);
  });
}
