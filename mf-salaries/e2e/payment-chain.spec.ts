// The whole chain on screen: a freelancer's invoice is sent, an admin imports Bankgirot's BgMax file that pays it
// (/admin/payments), and the freelancer sees the salary it gave and its payout date (/dashboard/salaries/transactions),
// opens its figures, pays out by hand and downloads the payslip; a payout asked for twice says "try later or contact
// support". In Swedish and in English, with axe and screenshots at 375 and 1280 px.
import { apiGet, apiPost, expect, logIn, seriousViolations, signUp, test } from './fixtures.ts';
import { bgMaxPaying, makePayable, sendInvoice, shoot } from './salary-steps.ts';
import { openInLanguage } from '../../tools/testing/e2e.ts';

test.setTimeout(120_000);

type Row = {
  kind: string;
  reference: string;
  status: string;
  expectedPayoutDate: string | null;
  payoutId: string | null;
};

for (const lng of ['sv', 'en'] as const) {
  const t = (sv: string, en: string) => (lng === 'sv' ? sv : en);
  const dayText = (iso: string) =>
    new Intl.DateTimeFormat(lng === 'sv' ? 'sv-SE' : 'en-GB', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(`${iso}T00:00:00Z`));

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
    await page.goto(`/dashboard/salaries/transactions?hl=${lng}`);
    // Words that tell the truth (issue 24): the customer has paid and the payout's day, never "Paid" before it leaves.
    const short = (iso: string) =>
      new Intl.DateTimeFormat(lng === 'sv' ? 'sv-SE' : 'en-GB', {
        day: 'numeric',
        month: 'short',
        timeZone: 'UTC',
      }).format(new Date(`${iso}T00:00:00Z`));
    await expect(
      page
        .getByRole('cell')
        .getByText(
          t('Kunden har betalat · utbetalning ', 'Customer has paid · payout ') + short(salary!.expectedPayoutDate!),
          { exact: false },
        ),
    ).toBeVisible();
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
    await page.screenshot({ path: `test-results/salaries/transaction-detail-${lng}-1280.png` });
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
