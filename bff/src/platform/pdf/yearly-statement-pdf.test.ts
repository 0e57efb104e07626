// The yearly salary statement read back as text: every payout of the year and the totals, in both languages.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { PLATFORM } from '../../../test/fixtures/edocs/invoice-documents.ts';
import { extractPdfText } from '../../../test/pdf-text.ts';
import { renderYearlyStatementPdf, type YearlyStatementDocument } from './yearly-statement-pdf.ts';

// sweden.md's 40 000 kr example with the vacation pay saved (salary 17 881.60 net paid in March), then the saved
// 3 065.42 kr paid out at midsummer at 30 % (919.63 tax, 2 145.79 net).
const document = (language: 'sv' | 'en'): YearlyStatementDocument => ({
  language,
  year: 2026,
  employer: { name: PLATFORM.name, organisationNumber: PLATFORM.organisationNumber, address: PLATFORM.address },
  employee: { name: 'Anna Andersson', personalIdentityNumber: '19850505-1234' },
  payouts: [
    {
      date: '2026-03-20',
      reference: 'P-41',
      kind: 'salary',
      grossSalary: 2_554_514,
      vacationPayPaid: 0,
      vacationPaySaved: 306_542,
      incomeTax: 766_354,
      netSalary: 1_788_160,
      reimbursements: 0,
      pension: 0,
    },
    {
      date: '2026-06-18',
      reference: 'P-57',
      kind: 'vacation_pay',
      grossSalary: 306_542,
      vacationPayPaid: 306_542,
      vacationPaySaved: 0,
      incomeTax: 91_963,
      netSalary: 214_579,
      reimbursements: 0,
      pension: 0,
    },
  ],
});

describe('yearly statement PDF', () => {
  test('in Swedish: each payout, the year total and the named totals', async () => {
    const { text } = await extractPdfText(await renderYearlyStatementPdf(document('sv')));
    for (const part of [
      'Lönesammanställning 2026',
      'Org.nr 559900-1236',
      'Personnummer 19850505-1234',
      '2026-03-20 P-41 Lön 25 545,14 0,00 3 065,42 7 663,54 17 881,60 0,00 0,00',
      '2026-06-18 P-57 Sparad semesterersättning 3 065,42 3 065,42 0,00 919,63 2 145,79 0,00 0,00',
      'Summa 2026 28 610,56 3 065,42 3 065,42 8 583,17 20 027,39 0,00 0,00',
      'Bruttolön utbetald (kontant bruttolön) 28 610,56',
      'Avdragen preliminär skatt 8 583,17',
    ])
      assert.ok(text.includes(part), `missing "${part}" in:\n${text}`);
  });

  test('in English', async () => {
    const { text } = await extractPdfText(await renderYearlyStatementPdf(document('en')));
    for (const part of ['Salary statement 2026', 'Total 2026 28,610.56', 'Preliminary income tax withheld 8,583.17'])
      assert.ok(text.includes(part), `missing "${part}" in:\n${text}`);
  });
});
