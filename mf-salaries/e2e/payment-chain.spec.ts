// The whole chain on screen: a freelancer's invoice is sent, an admin imports Bankgirot's BgMax file that pays it
// (/admin/payments), and the freelancer sees the salary it gave and its payout date (/dashboard/salaries/transactions),
// opens its figures, pays out by hand and downloads the payslip; a payout asked for twice says "try later or contact
// support". In Swedish and in English, with axe and screenshots at 375 and 1280 px.
import { apiGet, apiPost, expect, logIn, seriousViolations, signUp, test } from './fixtures.ts';
import { bgMaxPaying, makePayable, sendInvoice, shoot, todayInSweden } from './salary-steps.ts';
import { JOURNEY_LANGUAGES, openInLanguage } from '../../tools/testing/e2e.ts';
import { shotsDir } from '../../tools/testing/screens.ts';
import { join } from 'node:path';
import type { Page } from '@playwright/test';

test.setTimeout(120_000);

type Row = {
  kind: string;
  reference: string;
  status: string;
  expectedPayoutDate: string | null;
  payoutDate: string | null;
  payoutId: string | null;
  amount: number;
};

/** The dashboard's payout card at 375 and 1366 px, for people to look at (when SHOTS_DIR is set); the page keeps its size. */
async function shootDashboard(page: Page, name: string) {
  const dir = shotsDir('salaries');
  if (!dir) return;
  const size = page.viewportSize();
  for (const width of [375, 1366]) {
    await page.setViewportSize({ width, height: width === 375 ? 740 : 860 });
    await page.screenshot({ path: join(dir, `${name}-${width}.png`), fullPage: true });
  }
  if (size) await page.setViewportSize(size);
}

for (const lng of JOURNEY_LANGUAGES) {
  const t = (sv: string, en: string) => (lng === 'sv' ? sv : en);
  const dayText = (iso: string) =>
    new Intl.DateTimeFormat(lng === 'sv' ? 'sv-SE' : 'en-GB', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(`${iso}T00:00:00Z`));
  const money = (minor: number) => {
    const amount = new Intl.NumberFormat(lng === 'sv' ? 'sv-SE' : 'en-GB', { minimumFractionDigits: 2 }).format(
      minor / 100,
    );
    return lng === 'sv' ? `${amount} kr` : `SEK ${amount}`;
  };
  /** The day as a status says it (this year's without the year): "2 dec." / "2 Dec". */
  const short = (iso: string) =>
    new Intl.DateTimeFormat(lng === 'sv' ? 'sv-SE' : 'en-GB', {
      day: 'numeric',
      month: 'short',
      ...(iso.slice(0, 4) === todayInSweden().slice(0, 4) ? {} : { year: 'numeric' }),
      timeZone: 'UTC',
    }).format(new Date(`${iso}T00:00:00Z`));
  /** The old words the payout card used ("Den 2 dec, lönen från 1 faktura"): never again. */
  const oldCardWords = [/lönen? från/i, /salar(y|ies) from/i, /\bBetald\b/, /\bPaid\b(?! out)/];

  test(`an invoice paid by an imported BgMax file becomes salary with its payout date (${lng})`, async ({
    page,
    browser,
  }) => {
    await signUp(page, lng);
    await makePayable(page);
    const invoice = await sendInvoice(page);

    // Before the payment: nothing yet.
    await page.goto(`/dashboard/salaries/transactions?hl=${lng}`);
    await expect(page.getByRole('heading', { name: t('Inga löner än', 'No salaries yet') })).toBeVisible();

    // The admin imports the bank's file.
    const adminContext = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    const admin = await adminContext.newPage();
    await logIn(admin, 'admin@example.com', 'admin-password');
    await openInLanguage(admin, '/admin/payments', lng);
    await expect(admin.getByRole('heading', { level: 1, name: t('Inbetalningar', 'Incoming payments') })).toBeVisible();
    // A file that is not BgMax is refused whole, with the line and the reason.
    await admin.getByLabel(t('BgMax-fil', 'BgMax file'), { exact: true }).setInputFiles({
      name: 'broken.bgmax',
      mimeType: 'text/plain',
      buffer: Buffer.from('01BGMAX               0120260101000000000001P\n'),
    });
    await admin.getByRole('button', { name: t('Importera', 'Import'), exact: true }).click();
    await expect(
      admin.getByText(
        t(
          'Det här är inte en giltig BgMax-fil. Inget importerades.',
          'This is not a valid BgMax file. Nothing was imported.',
        ),
      ),
    ).toBeVisible();
    await expect(admin.getByText(t('Rad 1:', 'Line 1:'))).toBeVisible();

    await admin.getByLabel(t('BgMax-fil', 'BgMax file'), { exact: true }).setInputFiles({
      name: 'inbetalningar.bgmax',
      mimeType: 'text/plain',
      buffer: bgMaxPaying(invoice.ocrNumber, invoice.totalInclVat),
    });
    await admin.getByRole('button', { name: t('Importera', 'Import'), exact: true }).click();
    const result = admin.getByTestId('bgmax-result');
    await expect(result.getByText(t('Helt betalda: 1.', 'Paid in full: 1.'), { exact: false })).toBeVisible();
    await expect(result.getByText(t(`Faktura ${invoice.number}`, `Invoice ${invoice.number}`)).first()).toBeVisible();
    expect(await seriousViolations(admin)).toEqual([]);
    await shoot(admin, `admin-payments-imported-${lng}`);
    await adminContext.close();

    // The freelancer sees the salary and when it leaves.
    const rows = await apiGet<{ items: Row[] }>(page, '/api/salaries/transactions');
    const salary = rows.items.find((row) => row.kind === 'salary');
    expect(salary?.reference).toBe(String(invoice.number));
    expect(salary?.status).toBe('completed_invoice');
    expect(salary?.expectedPayoutDate).toBeTruthy();
    // The dashboard's payout card says it in the salaries list's words: the customer has paid, the payout's day and
    // the amount (issue 24), not "Den 2 dec, lönen från 1 faktura".
    const paidWords =
      t('Kunden har betalat · utbetalning ', 'Customer has paid · payout ') + short(salary!.expectedPayoutDate!);
    await page.goto(`/dashboard/home?hl=${lng}`);
    const card = page.getByRole('region', { name: t('Nästa utbetalning', 'Next payout') });
    const lines = card.getByTestId('payout-lines');
    await expect(lines.getByRole('listitem')).toHaveCount(1);
    await expect(lines.getByRole('listitem')).toContainText(paidWords);
    await expect(card.locator('.stat-card__value')).toHaveText(money(salary!.amount));
    await expect(lines.getByRole('listitem')).toContainText(t('1 lön', '1 salary'));
    for (const old of oldCardWords) await expect(card).not.toContainText(old);
    expect(await seriousViolations(page)).toEqual([]);
    await shootDashboard(page, `dashboard-customer-paid-${lng}`);

    await page.goto(`/dashboard/salaries/transactions?hl=${lng}`);
    // Words that tell the truth (issue 24): the customer has paid and the payout's day, never "Paid" before it leaves.
    await expect(page.getByRole('cell').getByText(paidWords, { exact: false })).toBeVisible();
    await expect(page.getByRole('cell').getByText(t('Betald', 'Paid'), { exact: true })).toHaveCount(0);
    // Pay out now says the day it leaves and the masked account before it is pressed.
    await expect(page.getByTestId('payout-now')).toContainText(t('Lämnar vår bank ', 'Leaves our bank on '));
    await expect(page.getByTestId('payout-now')).toContainText('••••');
    await expect(page.getByTestId('next-payout-date')).toHaveText(
      t('Lämnar banken ', 'Leaves the bank on ') + dayText(salary!.expectedPayoutDate!),
    );
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, `transactions-salary-${lng}`);
    await page.setViewportSize({ width: 1280, height: 860 });

    // Its figures (getSalaryTransaction).
    await page.getByRole('button', { name: `${t('Detaljer', 'Details')} ${invoice.number}` }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText(t('Bruttolön', 'Gross salary'))).toBeVisible();
    await expect(dialog.getByText(t('Använda satser', 'Rates used'), { exact: false })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    const dir = shotsDir('salaries');
    if (dir) await page.screenshot({ path: join(dir, `transaction-detail-${lng}-1280.png`) });
    await dialog.getByRole('button', { name: t('Stäng', 'Close') }).click();

    // A payout by hand, then its payslip.
    await page.getByRole('button', { name: t('Betala ut nu', 'Pay out now') }).click();
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: t('Betala ut', 'Pay out'), exact: true })
      .click();
    await expect(page.getByText(t('Klart: ', 'Done: '), { exact: false })).toBeVisible();
    await expect(page.getByTestId('available-now')).toHaveText(t('0,00 kr', 'SEK 0.00'));
    await expect(page.getByRole('button', { name: t('Betala ut nu', 'Pay out now') })).toBeDisabled();
    const payout = (await apiGet<{ items: Row[] }>(page, '/api/salaries/transactions?kind=payout')).items[0]!;
    // The answer says the day the money leaves, the account it goes to (masked, as before the press), and why that
    // day is not tomorrow when it is not (a weekend, a holiday, a file already gone), not just "the bank".
    const made = page.getByTestId('payout-made');
    await expect(made).toContainText(
      t('lämnar vår bank ', 'leaves our bank on ') + dayText(payout.payoutDate!) + t(' till ', ' for '),
    );
    await expect(made).toContainText(/•••• \d{4}/);
    const tomorrow = new Date(Date.parse(`${todayInSweden()}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    if (payout.payoutDate === tomorrow) await expect(made).not.toContainText(t('Inte i morgon', 'Not tomorrow'));
    else await expect(made).toContainText(t('Inte i morgon: ', 'Not tomorrow: '));
    const download = page.waitForEvent('download');
    await page
      .getByRole('link', { name: `${t('Lönespecifikation (PDF)', 'Payslip (PDF)')} ${payout.reference}` })
      .click();
    const file = await (await download).path();
    const { readFileSync } = await import('node:fs');
    expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
    await shoot(page, `transactions-payout-${lng}`);

    // Filters: only payouts.
    await page.setViewportSize({ width: 1280, height: 860 });
    await page.getByLabel(t('Typ', 'Type')).selectOption('payout');
    await expect(page).toHaveURL(/kind=payout/);
    await expect(page.getByRole('button', { name: `${t('Detaljer', 'Details')} ${invoice.number}` })).toHaveCount(0);
    await expect(page.getByRole('button', { name: `${t('Detaljer', 'Details')} ${payout.reference}` })).toBeVisible();

    // On the dashboard the payout is on its way, with its day and amount; the salary no longer waits.
    await page.goto(`/dashboard/home?hl=${lng}`);
    const nextPayout = page.getByRole('region', { name: t('Nästa utbetalning', 'Next payout') });
    const onItsWay = nextPayout.getByRole('listitem');
    await expect(onItsWay).toHaveCount(1);
    await expect(onItsWay).toContainText(
      t('På väg till ditt konto · ', 'On its way to your account · ') + short(payout.payoutDate!),
    );
    await expect(nextPayout.locator('.stat-card__value')).toHaveText(money(payout.amount));
    expect(await seriousViolations(page)).toEqual([]);
    await shootDashboard(page, `dashboard-on-its-way-${lng}`);
  });

  test(`a payout that finds nothing left says to try later or contact support (${lng})`, async ({ page, browser }) => {
    await signUp(page, lng);
    await makePayable(page);
    const invoice = await sendInvoice(page);
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await logIn(admin, 'admin@example.com', 'admin-password');
    const upload = await admin.request.post('/api/admin/bgmax-imports', {
      multipart: {
        file: { name: 'b.bgmax', mimeType: 'text/plain', buffer: bgMaxPaying(invoice.ocrNumber, invoice.totalInclVat) },
      },
      headers: { 'X-CSRF-Token': (await adminContext.cookies()).find((c) => c.name === 'csrf_token')?.value ?? '' },
    });
    expect(upload.status()).toBe(201);
    await adminContext.close();

    await page.goto(`/dashboard/salaries/transactions?hl=${lng}`);
    await page.getByRole('button', { name: t('Betala ut nu', 'Pay out now') }).click();
    await expect(page.getByRole('alertdialog')).toBeVisible();
    // Meanwhile the same salary leaves through another tab.
    await apiPost(page, '/api/salaries/payouts', {});
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: t('Betala ut', 'Pay out'), exact: true })
      .click();
    await expect(
      page.getByText(
        t(
          'Det fanns inget kvar att betala ut. Försök senare eller kontakta supporten.',
          'There was nothing left to pay out. Please try later or contact support.',
        ),
      ),
    ).toBeVisible();
    // The screen then shows what is true: nothing left, the button off.
    await expect(page.getByTestId('available-now')).toHaveText(t('0,00 kr', 'SEK 0.00'));
    await expect(page.getByRole('button', { name: t('Betala ut nu', 'Pay out now') })).toBeDisabled();
    expect(await seriousViolations(page)).toEqual([]);
  });
}
