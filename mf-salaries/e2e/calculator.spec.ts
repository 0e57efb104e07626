// The salary calculator (/dashboard/salaries/estimate) both ways, live as one types: an invoice amount gives every
// part of the salary with the rates used, and the net salary one wants gives the invoice amount that yields exactly
// that net salary, to the öre (checked by putting the answer back into the first direction); then what if (issue 25):
// another tax rate, the vacation pay saved or paid and a campaign code, without changing the profile. In Swedish
// (English too with E2E_ENGLISH_JOURNEYS=1), axe, 375/1280.
import { JOURNEY_LANGUAGES } from '../../tools/testing/e2e.ts';
import { apiGet, expect, seriousViolations, signUp, test } from './fixtures.ts';
import { makePayable, shoot } from './salary-steps.ts';

test.setTimeout(90_000);

for (const lng of ['sv', 'en'] as const) {
  const t = (sv: string, en: string) => (lng === 'sv' ? sv : en);
  // The English run is a journey's English half (decision 0044): English amounts typed and written back in a browser
  // are ui/e2e/kit.spec.ts's 'money in English', the calculator's English texts mf-salaries' locales.test.ts.
  const journey = JOURNEY_LANGUAGES.includes(lng) ? test : test.skip;

  journey(
    `the calculator works both ways, exact to the öre; what if another tax rate, the vacation pay saved, a campaign code (${lng})`,
    async ({ page }) => {
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
      // Figures being worked out again are dimmed (aria-busy): axe measures their contrast only once both have settled.
      await expect(page.locator('.salary-results[aria-busy="true"]')).toHaveCount(0);
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

      // What if (issue 25): another tax rate, the vacation pay saved or paid, a campaign code, without changing the
      // profile.
      const rates = page.getByRole('region', { name: t('Dina satser', 'Your rates') });
      // Starts from the profile (30 %, 4,5 %, paid with the salary).
      await expect(rates.getByLabel(t('Inkomstskatt', 'Income tax'))).toHaveValue('30');
      await expect(rates.getByLabel('Pension')).toHaveValue(t('4,5', '4.5'));
      await page.getByLabel(t('Fakturabelopp exkl. moms', 'Invoice amount excl. VAT')).fill(t('40 000', '40,000'));
      await expect(forward.locator('[data-figure="vacationPayAmount"] dt')).toHaveText(
        t('varav semesterersättning (12 %)', 'of which vacation pay (12%)'),
      );
      await expect(forward.locator('[data-figure="savedVacationPayAmount"]')).toHaveCount(0);
      // The figures are 40 000's (they showed the amount put back above until now).
      await expect(forward.locator('[data-figure="amount"] dd')).toHaveText(t('40 000,00 kr', 'SEK 40,000.00'));
      const net = await forward.locator('[data-figure="netSalary"] dd').textContent();

      // What if: 35 % tax, vacation pay saved: less now, the vacation pay set aside.
      await rates.getByLabel(t('Inkomstskatt', 'Income tax')).fill('35');
      await rates.getByRole('checkbox', { name: t('Spara semesterersättningen', 'Save the vacation pay') }).check();
      await expect(forward.locator('[data-figure="savedVacationPayAmount"]')).toBeVisible();
      await expect(forward.locator('[data-figure="netSalary"] dd')).not.toHaveText(net!);
      await expect(forward.getByTestId('saved-note')).toContainText(t('till midsommar', 'at midsummer'));

      // A campaign code: a wrong one says so; FRILO50 halves the fee.
      const code = rates.getByLabel(t('Kampanjkod', 'Campaign code'));
      await code.fill('NOPE');
      await rates.getByRole('button', { name: t('Använd', 'Apply') }).click();
      await expect(code).toHaveAccessibleDescription(new RegExp(t('Ogiltig kampanjkod', 'Invalid campaign code')));
      await code.fill('frilo50');
      await rates.getByRole('button', { name: t('Använd', 'Apply') }).click();
      await expect(rates.getByRole('status')).toHaveText(
        t('Kampanjkod FRILO50: avgift 3\u00a0%.', 'Campaign code FRILO50: fee 3%.'),
      );
      await expect(forward.locator('[data-figure="commissionAmount"] dd')).toContainText(t('1 200,00', '1,200.00'));
      // The other direction uses the same rates: the answer's net is the one asked for.
      await page.getByLabel(t('Nettolön du vill ha', 'Net salary you want')).fill(t('20 000', '20,000'));
      await expect(page.getByTestId('inverse-estimate').locator('[data-figure="netSalary"] dd')).toHaveText(
        t('20 000,00 kr', 'SEK 20,000.00'),
      );
      // Figures being worked out again are dimmed (aria-busy): axe measures their contrast only once both have settled.
      await expect(page.locator('.salary-results[aria-busy="true"]')).toHaveCount(0);
      expect(await seriousViolations(page)).toEqual([]);
      await shoot(page, `calculator-what-if-${lng}`);

      // The profile did not change; back to its rates.
      const saved = await apiGet<{ incomeTaxRate: number; saveVacationPay: boolean }>(page, '/api/auth/profile');
      expect([saved.incomeTaxRate, saved.saveVacationPay]).toEqual([30, false]);
      await rates
        .getByRole('button', { name: t('Tillbaka till satserna i profilen', 'Back to the rates in my profile') })
        .click();
      await expect(rates.getByLabel(t('Inkomstskatt', 'Income tax'))).toHaveValue('30');
      await expect(forward.locator('[data-figure="netSalary"] dd')).toHaveText(net!);
    },
  );
}
