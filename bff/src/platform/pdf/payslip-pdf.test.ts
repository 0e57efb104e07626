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
      'Bruttolön 28 610,56',
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
      'Gross salary 35,179.34',
      'Income tax withheld -10,685.18',
      'Net salary 24,494.16',
      'Tax-free reimbursements (expenses and mileage) 500.00',
      'Paid out (SEK) 24,994.16',
      // 50 000 − 3 000 − (500 − 100) − 11 053.35 − 295.60 − 71.71 = 35 179.34.
      'Amount paid excl. VAT 50,000.00',
      'Frilo fee -3,000.00',
      'Tax-free reimbursements -400.00',
      'Employer social contributions (31.42 %) -11,053.35',
      'Occupational pension -295.60',
      'Special payroll tax on pension (24.26 %) -71.71',
      '1001 Kund & Co AB 2026-03-18 40,000.00 2,400.00',
      '1002 Kunde GmbH 2026-03-19 10,000.00 600.00',
      'Page 1 of 1',
    ]);
    assert.ok(!text.includes('Income tax withheld ('), 'different tax rates are not given one rate');
  });

  test('refuses names with characters the PDF cannot carry', async () => {
    await assert.rejects(
      renderPayslipPdf(payslip('sv', [{ ...item1, customerName: 'Клиент' }])),
      (error: unknown) => error instanceof PayslipPdfTextError && error.fields.join() === 'items.0.customerName',
    );
  });
});
