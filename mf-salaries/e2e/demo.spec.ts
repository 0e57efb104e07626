// What `npm start` shows the demo freelancer on /dashboard/salaries/transactions (README): the salaries of the two
// invoices the demo's BgMax file paid, the payout they left in, and its payslip as a real PDF.
import { readFileSync } from 'node:fs';
import { expect, logIn, seriousViolations, test } from './fixtures.ts';
import { shoot } from './salary-steps.ts';
import { JOURNEY_LANGUAGES, openInLanguage, sidewaysOverflow } from '../../tools/testing/e2e.ts';

for (const lng of JOURNEY_LANGUAGES) {
  const t = (sv: string, en: string) => (lng === 'sv' ? sv : en);

  test(`the demo freelancer's salaries, payout and payslip (${lng})`, async ({ page }) => {
    await logIn(page, 'demo@example.com', 'demo-password');
    await openInLanguage(page, '/dashboard/salaries/transactions', lng);
    await expect(page.getByRole('button', { name: new RegExp(`^${t('Detaljer', 'Details')} P-`) })).toBeVisible();
    await expect(page.getByRole('table').getByText(t('Lön', 'Salary'), { exact: true })).toHaveCount(2);
    // At 1280 px beside the sidebar the whole row fits, its buttons included: nothing scrolls sideways in the frame.
    expect(await sidewaysOverflow(page.getByRole('table').locator('xpath=..'))).toBeLessThanOrEqual(0);
    const payslip = page.getByRole('link', { name: new RegExp(`^${t('Lönespecifikation', 'Payslip')} \\(PDF\\) P-`) });
    const saved = page.waitForEvent('download');
    await payslip.click();
    expect(
      readFileSync(await (await saved).path())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, `demo-transactions-${lng}`);
  });
}
