// The vouchers of the money chain on BAS accounts, against hand-computed examples, and by property: every voucher
// balances, and the payments of an invoice clear exactly its receivable however they are split.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  accountTotals,
  clearedReceivable,
  documentVoucher,
  numberVouchers,
  overpaidSek,
  paymentVouchers,
  payoutVouchers,
  salaryVoucher,
  type LedgerVoucher,
  type SalaryItemForBooks,
} from './bookkeeping.ts';
import { computeSalary } from './salary.ts';
import { documentInSek, type VatDocument } from './vat-return.ts';

function lines(voucher: LedgerVoucher): Record<string, number> {
  return Object.fromEntries(voucher.transactions.map((t) => [t.account, t.amount]));
}

const SEK_INVOICE: VatDocument = {
  documentId: 'd1',
  invoiceId: 'i1',
  kind: 'invoice',
  number: '1001',
  issueDate: '2026-11-05',
  currency: 'SEK',
  buyer: { name: 'Kund AB', country: 'SE', postalCode: '41101', vatNumber: 'SE556036079301' },
  vatBreakdown: [{ category: 'S', percent: 25, taxableAmountMinor: 4_000_000, taxAmountMinor: 1_000_000 }],
};
const EUR_INVOICE: VatDocument = {
  ...SEK_INVOICE,
  documentId: 'd2',
  invoiceId: 'i2',
  number: '1003',
  currency: 'EUR',
  buyer: { name: 'Muster GmbH', country: 'DE', postalCode: '10115', vatNumber: 'DE123456789' },
  vatBreakdown: [{ category: 'AE', percent: 0, taxableAmountMinor: 200_000, taxAmountMinor: 0 }],
  taxCurrency: { taxAmountMinor: 0, exchangeRate: { sekPerUnit: '11.0534', date: '2026-11-02' } },
};

// Frilans Finans' 40 000 kr (G 28 610.56, contributions 8 989.44, tax 8 583.17) with receipts of 1 250 kr incl. 250 kr
// VAT and 500 kr mileage paid back tax-free.
const ITEM: SalaryItemForBooks = {
  salaryItemId: 's1',
  invoiceNumber: '1001',
  bookedOn: '2026-11-10',
  commissionAmount: 240_000,
  grossSalary: 2_861_056,
  vacationPayAmount: 0,
  savedVacationPayAmount: 0,
  savedVacationPaySocialFee: 0,
  socialFeeAmount: 898_944,
  pensionAmount: 0,
  pensionTaxAmount: 0,
  reimbursements: 175_000,
  deductibleInputVat: 25_000,
  mileageAllowance: 50_000,
};

describe('bookkeeping: vouchers computed by hand', () => {
  it('an invoice: the receivable against sales and output VAT; its credit note mirrors it', () => {
    const invoice = documentVoucher(documentInSek(SEK_INVOICE));
    assert.deepEqual(lines(invoice), { '1510': 5_000_000, '3001': -4_000_000, '2611': -1_000_000 });
    assert.equal(invoice.text, 'Faktura 1001 Kund AB');
    const credit = documentVoucher(documentInSek({ ...SEK_INVOICE, kind: 'credit_note', number: '1006' }));
    assert.deepEqual(lines(credit), { '1510': -5_000_000, '3001': 4_000_000, '2611': 1_000_000 });
    assert.deepEqual(lines(documentVoucher(documentInSek(EUR_INVOICE))), { '1510': 2_210_680, '3308': -2_210_680 });
  });

  it('a foreign payment: the receivable it clears at the invoice’s rate, the rest an exchange gain', () => {
    // 2 000.00 EUR booked at 11.0534 = 22 106.80 kr; paid by hand, 22 150.00 kr reached the account.
    const [voucher] = paymentVouchers({
      paymentId: 'p1',
      kind: 'payment',
      paymentDate: '2026-11-20',
      sekAmount: 2_215_000,
      reference: null,
      settlement: {
        date: '2026-11-20',
        matchedOnArrival: true,
        invoiceNumber: '1003',
        clearedSek: clearedReceivable(2_210_680, 200_000, 0, 200_000),
        overpaidSek: 0,
      },
    });
    assert.deepEqual(lines(voucher!), { '1930': 2_215_000, '1510': -2_210_680, '3960': -4_320 });
  });

  it('a payment matched later: on 2890 when it arrives, to the receivable when an admin matches it', () => {
    const vouchers = paymentVouchers({
      paymentId: 'p2',
      kind: 'payment',
      paymentDate: '2026-11-12',
      sekAmount: 600_000,
      reference: '12345',
      settlement: {
        date: '2026-11-14',
        matchedOnArrival: false,
        invoiceNumber: '1001',
        clearedSek: 500_000,
        overpaidSek: 100_000,
      },
    });
    assert.deepEqual(
      vouchers.map((v) => [v.kind, v.date, lines(v)]),
      [
        ['payment', '2026-11-12', { '1930': 600_000, '2890': -600_000 }],
        ['payment_matched', '2026-11-14', { '2890': 600_000, '1510': -600_000 }],
      ],
    );
  });

  it('a salary: costs against what is owed, the fee in the text', () => {
    const voucher = salaryVoucher(ITEM);
    assert.deepEqual(lines(voucher), {
      '7210': 2_861_056,
      '7510': 898_944,
      '6991': 100_000,
      '2641': 25_000,
      '7331': 50_000,
      '2821': -2_861_056,
      '2940': -898_944,
      '2829': -175_000,
    });
    assert.equal(voucher.text, 'Lön faktura 1001 (arvode 2 400,00)');
  });

  it('saved vacation pay is a provision (7290 / 2920) with its contributions (7519)', () => {
    // V = round(28 610.56 × 12/112) = 3 065.42, its contributions round(8 989.44 × V / G) = 963.16.
    const voucher = salaryVoucher({
      ...ITEM,
      reimbursements: 0,
      deductibleInputVat: 0,
      mileageAllowance: 0,
      vacationPayAmount: 306_542,
      savedVacationPayAmount: 306_542,
      savedVacationPaySocialFee: 96_316,
    });
    assert.deepEqual(lines(voucher), {
      '7210': 2_554_514,
      '7290': 306_542,
      '7510': 802_628,
      '7519': 96_316,
      '2821': -2_554_514,
      '2920': -306_542,
      '2940': -898_944,
    });
  });

  it('a payout: salary owed paid from the bank, tax and contributions due to Skatteverket; a denial reverses it', () => {
    const payout = {
      payoutId: 'po1',
      payoutNumber: 7,
      executionDate: '2026-11-30',
      amount: 2_002_739 + 175_000,
      items: [{ cashGross: 2_861_056, taxWithheld: 858_317, contributions: 898_944, reimbursements: 175_000 }],
      deniedOn: '2026-12-02',
    };
    const [paid, denied] = payoutVouchers(payout);
    assert.deepEqual(lines(paid!), {
      '2821': 2_861_056,
      '2829': 175_000,
      '2940': 898_944,
      '2710': -858_317,
      '2731': -898_944,
      '1930': -2_177_739,
    });
    assert.equal(denied!.date, '2026-12-02');
    assert.deepEqual(lines(denied!), Object.fromEntries(Object.entries(lines(paid!)).map(([k, v]) => [k, -v])));
    assert.throws(() => payoutVouchers({ ...payout, amount: 1 }), RangeError);
  });

  it('a payout of saved vacation pay releases the provision (2920) and makes its contributions due (2940 → 2731)', () => {
    // 3 065.42 saved with contributions 963.16, paid out at 30 %: tax round(91 962.6) = 919.63, net 2 145.79.
    const payout = {
      payoutId: 'po2',
      payoutNumber: 8,
      executionDate: '2027-06-18',
      amount: 214_579,
      items: [],
      vacationPay: { grossAmount: 306_542, taxWithheld: 91_963, contributions: 96_316 },
      deniedOn: '2027-06-22',
    };
    const [paid, denied] = payoutVouchers(payout);
    assert.deepEqual(lines(paid!), {
      '2920': 306_542,
      '2940': 96_316,
      '2710': -91_963,
      '2731': -96_316,
      '1930': -214_579,
    });
    assert.equal(paid!.text, 'Utbetalning sparad semesterersättning P-8');
    // Denied: the vacation pay is owed (saved) again.
    assert.deepEqual(lines(denied!), Object.fromEntries(Object.entries(lines(paid!)).map(([k, v]) => [k, -v])));
    assert.throws(() => payoutVouchers({ ...payout, amount: 214_580 }), RangeError);
  });

  it('numbers the vouchers per series in date order', () => {
    const numbered = numberVouchers([
      salaryVoucher(ITEM),
      documentVoucher(documentInSek(EUR_INVOICE)),
      documentVoucher(documentInSek(SEK_INVOICE)),
    ]);
    assert.deepEqual(
      numbered.map((v) => `${v.series}${v.number} ${v.date} ${v.text.split(' ')[1]}`),
      ['A1 2026-11-05 1001', 'A2 2026-11-05 1003', 'C1 2026-11-10 faktura'],
    );
  });
});

describe('bookkeeping: by property', () => {
  it('any split of payments clears exactly the receivable; the overpayment in SEK is its share', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1e9 }),
        fc.integer({ min: 0, max: 2e9 }),
        fc.array(fc.integer({ min: 1, max: 1e8 }), { minLength: 1, maxLength: 6 }),
        (total, receivable, splits) => {
          let paid = 0;
          let cleared = 0;
          for (const split of splits) {
            const applied = Math.min(split, total - paid);
            cleared += clearedReceivable(receivable, total, paid, applied);
            paid += applied;
          }
          if (paid === total) assert.equal(cleared, receivable);
          const over = overpaidSek(10_000, 7_000, 3_000);
          assert.equal(over, 3_000);
        },
      ),
    );
  });

  it('every salary and payout voucher of THE salary function balances, with and without saved vacation pay', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e9 }),
        fc.integer({ min: 0, max: 1e6 }),
        fc.integer({ min: 0, max: 50 }),
        fc.integer({ min: 0, max: 10 }),
        fc.constantFrom('1950-01-01', '1985-06-01', '2005-03-01', '1930-01-01'),
        fc.boolean(),
        (invoiceAmount, receipts, tax, pension, birthDate, save) => {
          const inputVat = Math.floor(receipts / 5);
          const s = computeSalary({
            invoiceAmount,
            reimbursements: receipts,
            deductibleInputVat: inputVat,
            incomeTaxRate: String(tax),
            pensionRate: String(pension),
            birthDate,
            paymentDate: '2026-11-10',
          });
          const vacation = Math.round((s.grossSalary * 12) / 112);
          const saved = save ? vacation : 0;
          const savedFee = s.grossSalary ? Math.round((s.socialFeeAmount * saved) / s.grossSalary) : 0;
          const item: SalaryItemForBooks = {
            salaryItemId: 's',
            invoiceNumber: '1',
            bookedOn: '2026-11-10',
            commissionAmount: s.commissionAmount,
            grossSalary: s.grossSalary,
            vacationPayAmount: vacation,
            savedVacationPayAmount: saved,
            savedVacationPaySocialFee: savedFee,
            socialFeeAmount: s.socialFeeAmount,
            pensionAmount: s.pensionAmount,
            pensionTaxAmount: s.pensionTaxAmount,
            reimbursements: s.reimbursements,
            deductibleInputVat: s.deductibleInputVat,
            mileageAllowance: 0,
          };
          const salary = salaryVoucher(item);
          const taxWithheld = Math.round(((s.grossSalary - saved) * tax) / 100);
          const payoutAmount = s.grossSalary - saved - taxWithheld + s.reimbursements;
          const vouchers = [
            salary,
            ...(payoutAmount > 0
              ? payoutVouchers({
                  payoutId: 'p',
                  payoutNumber: 1,
                  executionDate: '2026-11-30',
                  amount: payoutAmount,
                  items: [
                    {
                      cashGross: s.grossSalary - saved,
                      taxWithheld,
                      contributions: s.socialFeeAmount - savedFee,
                      reimbursements: s.reimbursements,
                    },
                  ],
                  deniedOn: null,
                })
              : []),
          ];
          for (const v of vouchers)
            assert.equal(
              v.transactions.reduce((sum, t) => sum + t.amount, 0),
              0,
            );
          // After the payout only the saved vacation pay (and its contributions) is still owed…
          const totals = () => accountTotals(vouchers);
          const net = (account: string) => (totals().get(account)?.debit ?? 0) - (totals().get(account)?.credit ?? 0);
          if (payoutAmount > 0) {
            assert.equal(net('2821'), 0);
            assert.equal(net('2829'), 0);
            assert.equal(net('2920') + saved, 0);
            assert.equal(net('2940') + savedFee, 0);
          }
          // …until its own payout (taxed at the payout day's rate) releases it: nothing is owed to the freelancer any
          // more, and everything due to Skatteverket is on 2710 / 2731 (2940 is empty).
          const vacationTax = Math.round((saved * tax) / 100);
          if (saved - vacationTax > 0) {
            const released = payoutVouchers({
              payoutId: 'v',
              payoutNumber: 2,
              executionDate: '2027-06-18',
              amount: saved - vacationTax,
              items: [],
              vacationPay: { grossAmount: saved, taxWithheld: vacationTax, contributions: savedFee },
              deniedOn: null,
            });
            vouchers.push(...released);
            for (const v of released)
              assert.equal(
                v.transactions.reduce((sum, t) => sum + t.amount, 0),
                0,
              );
            if (payoutAmount > 0) {
              assert.equal(net('2920'), 0);
              assert.equal(net('2940'), 0);
              assert.equal(net('2731') + s.socialFeeAmount, 0);
              assert.equal(net('2710') + taxWithheld + vacationTax, 0);
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
