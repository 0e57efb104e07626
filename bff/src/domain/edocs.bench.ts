// Speed of the documents that leave and enter: UBL e-invoices built and checked, BgMax lines parsed, a 10 000-payout
// pain.001 built and validated. `benchEDocuments()` returns rows for bench/run.ts; run directly it prints them.
import { buildUbl } from './ubl.ts';
import { checkEInvoice } from './ubl-rules.ts';
import { parseBgMax } from './bgmax.ts';
import { buildPain001, type SalaryPayout } from './pain001.ts';
import { DOCUMENT_KINDS } from '../../test/fixtures/edocs/invoice-documents.ts';
import { validatePain001 } from '../../test/fixtures/edocs/xsd.ts';

function perSecond(seconds: number, work: () => number): number {
  work(); // warm-up, not counted
  let done = 0;
  const started = performance.now();
  while (performance.now() - started < seconds * 1000) {
    done += work();
  }
  return Math.round(done / ((performance.now() - started) / 1000));
}

function bgMaxFile(payments: number): string {
  const pad = (value: string | number, width: number): string => String(value).padStart(width, '0');
  const lines = [
    `01${'BGMAX'.padEnd(20)}0120260305061512123456P`.padEnd(80),
    `05${pad(50501238, 10)}${' '.repeat(10)}SEK`.padEnd(80),
  ];
  for (let i = 0; i < payments; i++) {
    lines.push(
      `20${pad(9912346, 10)}${String(100164 + i).padEnd(25)}${pad(1_543_750, 18)}21${pad(660000000000 + i, 12)}0`.padEnd(
        80,
      ),
    );
    lines.push(`26${'Kund & Co AB'.padEnd(35)}`.padEnd(80));
  }
  lines.push(
    `15${'99500012345678'.padEnd(35)}2026030500001${pad(1_543_750 * payments, 18)}SEK${pad(payments, 8)}K`.padEnd(80),
  );
  lines.push(`70${pad(payments, 8)}${pad(0, 8)}${pad(0, 8)}${pad(1, 8)}`.padEnd(80));
  return lines.join('\n');
}

export async function benchEDocuments(): Promise<Record<string, string | number>[]> {
  const documents = Object.values(DOCUMENT_KINDS);
  const xmls = documents.map(buildUbl);
  const ublBuiltAndChecked = perSecond(2, () => {
    for (const doc of documents) {
      if (checkEInvoice(buildUbl(doc)).length > 0) throw new Error('a fixture fails the rules');
    }
    return documents.length;
  });
  const ublChecked = perSecond(1, () => {
    for (const xml of xmls) checkEInvoice(xml);
    return xmls.length;
  });
  const bgMax = bgMaxFile(50_000);
  const lineCount = bgMax.split('\n').length;
  const bgMaxLines = perSecond(2, () => {
    parseBgMax(bgMax);
    return lineCount;
  });
  const payouts: SalaryPayout[] = Array.from({ length: 10_000 }, (_v, i) => ({
    endToEndId: `payout-${i}`,
    executionDate: '2026-03-20',
    amountMinor: 2_002_739 + i,
    creditorName: `Anställd ${i}`,
    account: { kind: 'domestic', clearingNumber: '8327', accountNumber: String(9_000_000 + i) },
    remittance: 'Lön Frilo mars 2026',
  }));
  const started = performance.now();
  const { xml } = buildPain001({
    messageId: 'BENCH-PAYOUT-1',
    createdAt: new Date(),
    debtor: { name: 'Frilo Test AB', iban: 'SE4550000000058398257466', bic: 'ESSESESS' },
    payouts,
  });
  const built = performance.now();
  const xsd = await validatePain001(xml);
  const validated = performance.now();
  if (!xsd.valid) throw new Error(xsd.errors.join('\n'));
  return [
    { measure: 'UBL e-invoices built + checked (one core)', value: ublBuiltAndChecked, unit: 'documents/s' },
    { measure: 'UBL e-invoices checked (202 rules)', value: ublChecked, unit: 'documents/s' },
    { measure: 'BgMax lines parsed and checked', value: bgMaxLines, unit: 'lines/s' },
    { measure: 'pain.001, 10 000 payouts: built', value: Math.round(built - started), unit: 'ms' },
    { measure: 'pain.001, 10 000 payouts: XSD-validated', value: Math.round(validated - built), unit: 'ms' },
    {
      measure: 'pain.001, 10 000 payouts: total (target < 10 000)',
      value: Math.round(validated - started),
      unit: 'ms',
    },
  ];
}

if (import.meta.main) {
  console.table(await benchEDocuments());
}
