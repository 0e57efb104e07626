// Vacation pay on screen (issue 25), what a person reads: a freelancer who saves the vacation pay sees it in the
// salary's figures and as a balance on /dashboard/salaries/transactions, with what taking it out now gives after tax,
// takes it out, and is told when the salary statement comes; the back office sees the payout coming on its day and the
// vacation pay owed. Swedish and English, axe, pictures at 375 and 1366 px. The calculator's what-if (another tax rate,
// the vacation pay saved or paid, a campaign code) is calculator.spec.ts's, on the same account as both directions.
import type { Page } from '@playwright/test';
import { shotsDir } from '../../tools/testing/screens.ts';
import { apiGet, apiPatch, apiPost, expect, logIn, seriousViolations, signUp, test } from './fixtures.ts';
import { makePayable, sendInvoice, todayInSweden } from './salary-steps.ts';
import { JOURNEY_LANGUAGES, openInLanguage } from '../../tools/testing/e2e.ts';

test.setTimeout(120_000);

async function shoot(page: Page, name: string) {
  const SHOTS = shotsDir('salaries');
  if (!SHOTS) return page.setViewportSize({ width: 1366, height: 900 });
  for (const width of [375, 1366]) {
    await page.setViewportSize({ width, height: width === 375 ? 740 : 900 });
    await page.waitForTimeout(150);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
}

type Balance = { savedAmount: number; payoutNow: { netAmount: number; incomeTaxAmount: number; date: string } | null };

for (const lng of JOURNEY_LANGUAGES) {
  const t = (sv: string, en: string) => (lng === 'sv' ? sv : en);
  const money = (minor: number) => {
    const amount = new Intl.NumberFormat(lng === 'sv' ? 'sv-SE' : 'en-GB', { minimumFractionDigits: 2 }).format(
      minor / 100,
    );
    return lng === 'sv' ? `${amount} kr` : `SEK ${amount}`;
  };

  test(`saved vacation pay: in the salary, as a balance, taken out; the back office sees it coming (${lng})`, async ({
    page,
    browser,
  }) => {
    await signUp(page, lng);
    await makePayable(page);
    await apiPatch(page, '/api/auth/profile', { saveVacationPay: true });
    const invoice = await sendInvoice(page);
    const profile = await apiGet<{ id: string; firstName: string; lastName: string }>(page, '/api/auth/profile');

    const adminContext = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const admin = await adminContext.newPage();
    await logIn(admin, 'admin@example.com', 'admin-password');
    await apiPost(admin, '/api/admin/payments', {
      invoiceId: invoice.id,
      amount: invoice.totalInclVat,
      currency: 'SEK',
      paymentDate: todayInSweden(),
    });

    await page.goto(`/dashboard/salaries/transactions?hl=${lng}`);
    const card = page.getByRole('region', { name: t('Semesterersättning', 'Vacation pay'), exact: true });
    const balance = await apiGet<Balance>(page, '/api/salaries/vacation-pay');
    expect(balance.savedAmount).toBeGreaterThan(0);
    await expect(card.getByTestId('vacation-pay-saved')).toHaveText(money(balance.savedAmount));
    await expect(card.getByTestId('vacation-pay-net')).toHaveText(money(balance.payoutNow!.netAmount));
    await expect(card).toContainText(t('Efter ', 'After ') + money(balance.payoutNow!.incomeTaxAmount));
    await expect(card.getByTestId('vacation-pay-yearly')).toContainText(t('till midsommar', 'for midsummer'));

    // The salary's figures show the vacation pay as part of the gross, and the part saved.
    await page.getByRole('button', { name: new RegExp(`^${t('Detaljer', 'Details')} ${invoice.number}`) }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText(t('varav semesterersättning (12 %)', 'of which vacation pay (12%)'))).toBeVisible();
    await expect(dialog.getByText(t('Semesterersättning som sparas', 'Vacation pay saved'))).toBeVisible();
    await expect(dialog).toContainText(money(balance.savedAmount));
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: t('Stäng', 'Close') }).click();
    await shoot(page, `vacation-pay-saved-${lng}`);

    // Taken out now: one payout, taxed, on its way; the statement of the year comes in January.
    await card
      .getByRole('button', { name: t('Ta ut semesterersättningen nu', 'Take out the vacation pay now') })
      .click();
    const confirm = page.getByRole('alertdialog', {
      name: t('Ta ut din sparade semesterersättning?', 'Take out your saved vacation pay?'),
    });
    await expect(confirm).toContainText(money(balance.payoutNow!.netAmount));
    expect(await seriousViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: t('Ta ut', 'Take it out'), exact: true }).click();
    await expect(card).toContainText(t('Klart: ', 'Done: ') + money(balance.payoutNow!.netAmount));
    await expect(card.getByTestId('vacation-pay-saved')).toHaveText(money(0));
    await expect(card).toContainText(t('är på väg', 'is on its way'));
    const year = Number(todayInSweden().slice(0, 4));
    await expect(page.getByRole('region', { name: t('Lönesammanställningar', 'Salary statements') })).toContainText(
      t(`Lönesammanställningen för ${year} finns från`, `The salary statement for ${year} is available from`),
    );
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, `vacation-pay-taken-${lng}`);

    // The back office: the payout on its bank day, with the freelancer, the account and what it pays; the debt.
    await openInLanguage(admin, '/admin/payouts', lng);
    const upcoming = admin.getByRole('region', { name: t('Kommande utbetalningar', 'Coming payouts') });
    await expect(upcoming.locator('details').first()).toBeVisible();
    for (const summary of await upcoming.locator('details > summary').all()) await summary.click();
    const name = `${profile.firstName} ${profile.lastName}`;
    // Her salary waits for its monthly payout day; the vacation pay she took out for its bank day (unless another
    // test made that day's file meanwhile: then it is in the file, no longer coming).
    // Every test freelancer is called the same: hers are the ones linking to her account.
    const people = upcoming
      .locator('.salary-upcoming__person')
      .filter({ has: admin.getByRole('link', { name }).and(admin.locator(`[href="/admin/users/${profile.id}"]`)) });
    await expect(people.first()).toContainText(t('Konto ', 'Account ') + 'Swedbank');
    const onItsWay = await apiGet<{ onTheirWay: { batchId: string | null }[] }>(page, '/api/salaries/vacation-pay');
    if (onItsWay.onTheirWay[0]?.batchId === null) {
      await expect(
        people.filter({ hasText: t('Sparad semesterersättning från faktura', 'Saved vacation pay from invoice') }),
      ).toContainText(money(balance.payoutNow!.netAmount));
    }
    await expect(
      admin.getByRole('region', { name: t('Sparad semesterersättning', 'Saved vacation pay') }),
    ).toContainText(t('Skuld totalt', 'Owed in all'));
    expect(await seriousViolations(admin)).toEqual([]);
    await shoot(admin, `admin-payouts-coming-${lng}`);
    await adminContext.close();
  });
}
