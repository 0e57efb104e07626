// Speed of the PDFs: invoices and payslips rendered per CPU second (the target is ≥ 100 one-page invoices a
// second). `benchPdf()` returns rows for bench/run.ts; run directly it prints them.
import { computeSalary } from '../../domain/salary.ts';
import { DOCUMENT_KINDS, makeDocument, PLATFORM } from '../../../test/fixtures/edocs/invoice-documents.ts';
import type { InvoiceDocument } from '../../domain/invoice-document.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';
import { renderPayslipPdf, type PayslipDocument } from './payslip-pdf.ts';

/**
 * Documents per second of this process's CPU time (user + system, all its threads): "on one core" even when other
 * work shares the machine, which wall-clock time would count against us.
 */
async function perSecond(seconds: number, work: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 20; i++) await work(); // warm-up (fonts loaded, code optimised), not counted
  let done = 0;
  const started = process.cpuUsage();
  const cpuSeconds = () => {
    const used = process.cpuUsage(started);
    return (used.user + used.system) / 1e6;
  };
  while (cpuSeconds() < seconds) {
    await work();
    done++;
  }
  return Math.round((done / cpuSeconds()) * 10) / 10;
}

const terms = { paymentTermsDays: 30, latePaymentInterestPercent: '10.00' };

export async function benchPdf(): Promise<Record<string, string | number>[]> {
  const onePage: InvoiceDocument = { ...(DOCUMENT_KINDS['expenses'] as InvoiceDocument), ...terms };
  const credit: InvoiceDocument = { ...(DOCUMENT_KINDS['credit note'] as InvoiceDocument), ...terms };
  const threePages: InvoiceDocument = {
    ...makeDocument({
      number: '9001',
      lines: Array.from({ length: 90 }, (_v, i) => ({
        description: `Konsulttjänst vecka ${i + 1}, utveckling och möten med beställaren`,
        quantityHundredths: 750,
        unitCode: 'HUR' as const,
        unitPriceMinor: 95_000,
        vatCategory: 'S' as const,
        vatPercent: 25,
      })),
    }),
    ...terms,
  };
  const salary = computeSalary({ invoiceAmount: 4_000_000, birthDate: '1985-05-05', paymentDate: '2026-03-20' });
  const payslip: PayslipDocument = {
    language: 'sv',
    brandName: 'Frilo',
    employer: { name: PLATFORM.name, organisationNumber: PLATFORM.organisationNumber, address: PLATFORM.address },
    employee: { name: 'Anna Andersson', personalIdentityNumber: '19850505-1234' },
    payoutReference: 'P-2026-0042',
    paymentDate: '2026-03-20',
    items: [
      { invoiceNumber: '1001', customerName: 'Kund & Co AB', paidOn: '2026-03-18', salary },
      { invoiceNumber: '1002', customerName: 'Kunde GmbH', paidOn: '2026-03-19', salary },
    ],
  };
  return [
    {
      measure: 'invoice PDF, one page (target ≥ 100)',
      value: await perSecond(3, () => renderInvoicePdf(onePage)),
      unit: 'PDFs/s',
    },
    { measure: 'credit note PDF, one page', value: await perSecond(2, () => renderInvoicePdf(credit)), unit: 'PDFs/s' },
    {
      measure: 'invoice PDF, 90 rows (3 pages)',
      value: await perSecond(2, () => renderInvoicePdf(threePages)),
      unit: 'PDFs/s',
    },
    { measure: 'payslip PDF', value: await perSecond(2, () => renderPayslipPdf(payslip)), unit: 'PDFs/s' },
  ];
}

if (import.meta.main) {
  console.table(await benchPdf());
}
