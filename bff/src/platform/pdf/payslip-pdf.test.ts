// The payslip read back as text: the salary as the salary function booked it, summed over the payout's invoices.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { computeSalary } from '../../domain/salary.ts';
import { PLATFORM } from '../../../test/fixtures/edocs/invoice-documents.ts';
import { extractPdfText } from '../../../test/pdf-text.ts';
import { PayslipPdfTextError, renderPayslipPdf, type PayslipDocument } from './payslip-pdf.ts';

// sweden.md's public example (Frilans Finans): 40 000 kr invoiced, fee 6 %, no pension, tax 30 %, standard rate.
const example = computeSalary({ invoiceAmount: 4_000_000, birthDate: '1985-05-05', paymentDate: '2026-03-20' });
// B = 10 000 − 600 − (500 − 100 input VAT) = 9 000; G = 9 000 / (1.3142 + 0.045 × 1.2426) = 6 568.78.
const withPension = computeSalary({
  invoiceAmount: 1_000_000,
  reimbursements: 50_000,
  deductibleInputVat: 10_000,
  pensionRate: '4.5',
  incomeTaxRate: '32',
  birthDate: '1985-05-05',
  paymentDate: '2026-03-20',
});

function payslip(language: 'sv' | 'en', items: PayslipDocument['items']): PayslipDocument {
  return {
    language,
    brandName: 'Frilo',
    employer: { name: PLATFORM.name, organisationNumber: PLATFORM.organisationNumber, address: PLATFORM.address },
    employee: { name: 'Anna Andersson', personalIdentityNumber: '19850505-1234' },
    payoutReference: 'P-2026-0042',
    paymentDate: '2026-03-20',
    account: 'Swedbank •••• 4321',
    items,
  };
}

const item1 = { invoiceNumber: '1001', customerName: 'Kund & Co AB', paidOn: '2026-03-18', salary: example };
const item2 = { invoiceNumber: '1002', customerName: 'Kunde GmbH', paidOn: '2026-03-19', salary: withPension };

function assertContains(text: string, expected: readonly string[]): void {
  for (const part of expected) assert.ok(text.includes(part), `missing "${part}" in:\n${text}`);
}

describe('payslip PDF', () => {
  test('says where the money is in words with the day, not "Paid": on its way, then paid out', async () => {
    const onItsWay = await extractPdfText(
      await renderPayslipPdf({ ...payslip('sv', [item1]), paymentDate: '2026-12-02', status: 'initiated' }),
    );
    assertContains(onItsWay.text, ['På väg till ditt konto · 2 december 2026']);
    const paid = await extractPdfText(
      await renderPayslipPdf({ ...payslip('en', [item1]), paymentDate: '2026-12-02', status: 'completed_transaction' }),
    );
    assertContains(paid.text, ['Paid out 2 December 2026', 'Paid in']);
  });

  test('one invoice, in Swedish: gross, tax, net and payout, and how the invoice became that salary', async () => {
    const { text } = await extractPdfText(await renderPayslipPdf(payslip('sv', [item1])));
    assertContains(text, [
      'Lönespecifikation',
      'Frilo Test AB',
      'Org.nr 559900-1236',
      'Utbetalningsdag 2026-03-20',
      'Utbetalning P-2026-0042',
      'Till konto Swedbank •••• 4321',
      'Anna Andersson',
      'Personnummer 19850505-1234',
      'Löneperiod 2026-03-01 – 2026-03-31',
      // G = S + V: the vacation pay (12 % of the salary for the work) shown openly as part of the gross.
      'Lön för arbetet 25 545,14',
      'Semesterersättning (12 %) 3 065,42',
      'Bruttolön (inkl. semesterersättning) 28 610,56',
      'Preliminär skatt (30 %) -8 583,17',
      'Nettolön 20 027,39',
      'Att utbetala (SEK) 20 027,39',
      'Betalt belopp exkl. moms 40 000,00',
      'Avgift till Frilo -2 400,00',
      'Arbetsgivaravgifter (31,42 %) -8 989,44',
      '1001 Kund & Co AB 2026-03-18 40 000,00 2 400,00',
    ]);
    assert.ok(!text.includes('Tjänstepension'), 'no pension lines without a pension');
    assert.ok(!text.includes('Skattefria ersättningar'), 'no reimbursement lines without reimbursements');
  });

  test('two invoices, in English: every part summed to the öre; a rate is named only when the items share it', async () => {
    const { text } = await extractPdfText(await renderPayslipPdf(payslip('en', [item1, item2])));
    assertContains(text, [
      'Payslip',
      'Payment date 2026-03-20',
      'Personal identity number 19850505-1234',
      // 28 610.56 + 6 568.78; tax 8 583.17 + 2 102.01 (30 % and 32 %: no single rate to name).
      'Gross salary (vacation pay included) 35,179.34',
      'Vacation pay (12 %) 3,769.22',
      'Income tax withheld -10,685.18',
      'Net salary 24,494.16',
      'Tax-free reimbursements: expenses incl. VAT and mileage 500.00',
      'Paid out (SEK) 24,994.16',
      // 50 000 − 3 000 − 500 + 100 − 11 053.35 − 295.60 − 71.71 = 35 179.34.
      'Amount paid excl. VAT 50,000.00',
      'Frilo fee -3,000.00',
      // The reimbursements leave whole; the receipts' VAT comes back to the platform: each line says which it is.
      'Tax-free reimbursements: expenses incl. VAT and mileage -500.00',
      'VAT on the expenses, which Frilo deducts as input VAT 100.00',
      'Employer social contributions (31.42 %) -11,053.35',
      'Occupational pension -295.60',
      'Special payroll tax on pension (24.26 %) -71.71',
      '1001 Kund & Co AB 2026-03-18 40,000.00 2,400.00',
      '1002 Kunde GmbH 2026-03-19 10,000.00 600.00',
      'Page 1 of 1',
    ]);
    assert.ok(!text.includes('Income tax withheld ('), 'different tax rates are not given one rate');
  });

  test('vacation pay saved: set aside before the tax, its contributions named; the year so far', async () => {
    const saved = computeSalary({
      invoiceAmount: 4_000_000,
      birthDate: '1985-05-05',
      paymentDate: '2026-03-20',
      saveVacationPay: true,
    });
    const { text } = await extractPdfText(
      await renderPayslipPdf({
        ...payslip('sv', [{ ...item1, salary: saved }]),
        yearToDate: {
          year: 2026,
          grossSalary: 5_108_894,
          vacationPayPaid: 306_542,
          vacationPaySaved: 306_542,
          incomeTax: 1_624_671,
          netSalary: 3_790_899,
          pension: 0,
        },
        savedVacationPayBalance: 306_542,
      }),
    );
    assertContains(text, [
      'Bruttolön (inkl. semesterersättning) 28 610,56',
      'Semesterersättning som sparas -3 065,42',
      // 30 % of 25 545.14; net 25 545.14 − 7 663.54.
      'Preliminär skatt (30 %) -7 663,54',
      'Nettolön 17 881,60',
      'Att utbetala (SEK) 17 881,60',
      'Av arbetsgivaravgifterna är 963,16 kr avsatta för den sparade semesterersättningen',
      'Hittills i år (2026)',
      'Bruttolön utbetald 51 088,94',
      'Semesterersättning utbetald 3 065,42',
      'Semesterersättning sparad 3 065,42',
      'Preliminär skatt 16 246,71',
      'Nettolön 37 908,99',
      'Sparad semesterersättning att få ut 3 065,42',
    ]);
  });

  test('a payout of saved vacation pay, in English: gross, the tax of the payout day, net, where it was saved from', async () => {
    const saved = computeSalary({
      invoiceAmount: 4_000_000,
      birthDate: '1985-05-05',
      paymentDate: '2026-03-20',
      saveVacationPay: true,
    });
    const { text } = await extractPdfText(
      await renderPayslipPdf({
        ...payslip('en', [{ ...item1, salary: saved }]),
        paymentDate: '2026-06-18',
        vacationPay: {
          grossAmount: 306_542,
          incomeTaxRate: '30',
          incomeTaxAmount: 91_963,
          netAmount: 214_579,
          socialFeeAmount: 96_316,
        },
      }),
    );
    assertContains(text, [
      'Pay period 2026-06-01 – 2026-06-30',
      'Saved vacation pay (gross) 3,065.42',
      'Income tax withheld (30 %) -919.63',
      'Paid out (SEK) 2,145.79',
      'Saved from',
      '1001 Kund & Co AB 2026-03-18 3,065.42',
      'Frilo now pays the employer contributions on it, 963.16 SEK',
    ]);
    assert.ok(!text.includes('From the invoices'), 'no salary breakdown on a vacation pay payout');
  });

  test('refuses names with characters the PDF cannot carry', async () => {
    await assert.rejects(
      renderPayslipPdf(payslip('sv', [{ ...item1, customerName: 'Клиент' }])),
      (error: unknown) => error instanceof PayslipPdfTextError && error.fields.join() === 'items.0.customerName',
    );
  });
});
