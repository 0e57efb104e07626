// The salary calculator (/dashboard/salaries/estimate) both ways, live as one types: an invoice amount gives every
// part of the salary with the rates used, and the net salary one wants gives the invoice amount that yields exactly
// that net salary, to the öre (checked by putting the answer back into the first direction). In Swedish (English too
// with E2E_ENGLISH_JOURNEYS=1), axe, 375/1280.
import { JOURNEY_LANGUAGES } from '../../tools/testing/e2e.ts';
import { expect, seriousViolations, signUp, test } from './fixtures.ts';
import { makePayable, shoot } from './salary-steps.ts';

test.setTimeout(90_000);

for (const lng of ['sv', 'en'] as const) {
  const t = (sv: string, en: string) => (lng === 'sv' ? sv : en);
  // The English run is a journey's English half (decision 0044): English amounts typed and written back in a browser
  // are ui/e2e/kit.spec.ts's 'money in English', the calculator's English texts mf-salaries' locales.test.ts.
  const journey = JOURNEY_LANGUAGES.includes(lng) ? test : test.skip;

  journey(`the calculator works both ways, exact to the öre (${lng})`, async ({ page }) => {
    await signUp(page, lng);
    await makePayable(page);
    await page.goto(`/dashboard/salaries/estimate?hl=${lng}`);
    await expect(
      page.getByRole('heading', { name: t('Från faktura till lön', 'From invoice to salary') }),
    ).toBeVisible();

    const forward = page.getByTestId('salary-estimate');
    await page.getByLabel(t('Fakturabelopp exkl. moms', 'Invoice amount excl. VAT')).fill(t('40 000', '40,000'));
    await expect(forward.locator('[data-figure="grossSalary"] dd')).toHaveText(/\d/);
    for (const figure of [
      'amount',
      'commissionAmount',
      'socialFeeAmount',
      'pensionAmount',
      'incomeTaxAmount',
      'netSalary',
      'payout',
    ]) {
      await expect(forward.locator(`[data-figure="${figure}"]`)).toBeVisible();
    }
    await expect(forward.locator('[data-figure="amount"] dd')).toHaveText(t('40 000,00 kr', 'SEK 40,000.00'));
    await expect(forward.getByText(t('Använda satser: avgift', 'Rates used: fee'), { exact: false })).toBeVisible();

    // Receipts and mileage are re-invoiced and reimbursed tax-free on top of the net salary.
    await page.getByLabel(t('Kvitto inkl. moms', 'Receipt incl. VAT')).first().fill(t('459', '459'));
    await page.getByLabel(t('Kilometer med egen bil', 'Kilometres driven in your own car')).first().fill('100');
    await expect(forward.locator('[data-figure="reimbursements"]')).toBeVisible();
    await expect(forward.locator('[data-figure="amount"] dd')).not.toHaveText(t('40 000,00 kr', 'SEK 40,000.00'));
    const netText = await forward.locator('[data-figure="netSalary"] dd').textContent();
    await expect(forward.locator('[data-figure="payout"] dd')).not.toHaveText(netText!);
    // A foreign currency uses the day's exchange rate, and says which.
    await page.getByLabel(t('Valuta', 'Currency')).selectOption('EUR');
    await expect(
      forward.getByText(t('Växelkurs: 1 EUR = ', 'Exchange rate: 1 EUR = '), { exact: false }),
    ).toBeVisible();
    // Too many decimals are refused on the field, never rounded.
    await page.getByLabel(t('Fakturabelopp exkl. moms', 'Invoice amount excl. VAT')).fill(t('100,005', '100.005'));
    await expect(page.getByText(t('Använd högst 2 decimaler.', 'Use at most 2 decimals.')).first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // The other direction: 20 000 kr net.
    await page.getByLabel(t('Nettolön du vill ha', 'Net salary you want')).fill(t('20 000', '20,000'));
    const answer = page.getByTestId('invoice-amount');
    await expect(answer).toHaveText(
      new RegExp(t('^Fakturera .+ exkl\\. moms för arbetet$', '^Invoice .+ excl\\. VAT for the work$')),
    );
    await expect(page.getByTestId('inverse-estimate').locator('[data-figure="netSalary"] dd')).toHaveText(
      t('20 000,00 kr', 'SEK 20,000.00'),
    );
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, `calculator-${lng}`);
    await page.setViewportSize({ width: 1280, height: 860 });

    // Put the answer back into the first direction (in SEK, without extras): the net salary is exactly 20 000,00.
    const text = (await answer.textContent())!;
    const amount = text.replace(/^\D*?([\d\s.,\u00a0]+\d).*$/, '$1').trim();
    await page.getByLabel(t('Valuta', 'Currency')).selectOption('SEK');
    await page.getByLabel(t('Kvitto inkl. moms', 'Receipt incl. VAT')).first().fill('');
    await page.getByLabel(t('Kilometer med egen bil', 'Kilometres driven in your own car')).first().fill('');
    await page.getByLabel(t('Fakturabelopp exkl. moms', 'Invoice amount excl. VAT')).fill(amount);
    await expect(forward.locator('[data-figure="amount"] dd')).toHaveText(t(`${amount} kr`, `SEK ${amount}`));
    await expect(forward.locator('[data-figure="netSalary"] dd')).toHaveText(t('20 000,00 kr', 'SEK 20,000.00'));
  });
}
