// Unit tests for dated-table.ts and the dated figures of rates.ts.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { datedEntryAt, datedTable, datedValueAt, findDatedEntry } from './dated-table.ts';
import {
  EMPLOYER_CONTRIBUTION_RULES,
  latePaymentInterestRate,
  meetsMinimumInvoiceAmount,
  MILEAGE_ALLOWANCE_PER_10_KM,
  MINIMUM_INVOICE_AMOUNT,
  PENSION_SPECIAL_PAYROLL_TAX_RATE,
  PLATFORM_FEE_RATE,
  REFERENCE_RATE,
} from './rates.ts';

describe('datedTable', () => {
  const table = datedTable('test rate', [
    { validFrom: '2025-01-01', value: 'a' },
    { validFrom: '2025-07-01', value: 'b' },
    { validFrom: '2026-01-01', value: 'c' },
  ]);

  it('gives the value in force on a day, the first day of an entry included', () => {
    assert.equal(datedValueAt(table, '2025-01-01'), 'a');
    assert.equal(datedValueAt(table, '2025-06-30'), 'a');
    assert.equal(datedValueAt(table, '2025-07-01'), 'b');
    assert.equal(datedValueAt(table, '2025-12-31'), 'b');
    assert.equal(datedValueAt(table, '2026-01-01'), 'c');
    assert.equal(datedValueAt(table, '2099-12-31'), 'c');
    assert.deepEqual(datedEntryAt(table, '2025-08-15'), { validFrom: '2025-07-01', value: 'b' });
  });

  it('takes a Date as its Swedish day', () => {
    // 2025-06-30T22:30Z is already 1 July in Stockholm (summer time, UTC+2).
    assert.equal(datedValueAt(table, new Date('2025-06-30T22:30:00Z')), 'b');
    assert.equal(datedValueAt(table, new Date('2025-06-30T21:30:00Z')), 'a');
  });

  it('throws before the first entry and after knownUntil, naming the table', () => {
    assert.equal(findDatedEntry(table, '2024-12-31'), undefined);
    assert.throws(() => datedValueAt(table, '2024-12-31'), /test rate: no value for 2024-12-31/);
    const bounded = datedTable('bounded', [{ validFrom: '2025-01-01', value: 1 }], { knownUntil: '2025-12-31' });
    assert.equal(datedValueAt(bounded, '2025-12-31'), 1);
    assert.throws(
      () => datedValueAt(bounded, '2026-01-01'),
      /bounded: no value for 2026-01-01 \(the table covers from 2025-01-01 to 2025-12-31\)/,
    );
  });

  it('refuses a malformed table', () => {
    assert.throws(() => datedTable('empty', []), RangeError);
    assert.throws(() => datedTable('bad date', [{ validFrom: '2025-02-30', value: 1 }]), RangeError);
    assert.throws(
      () =>
        datedTable('order', [
          { validFrom: '2025-07-01', value: 1 },
          { validFrom: '2025-01-01', value: 2 },
        ]),
      RangeError,
    );
    assert.throws(
      () =>
        datedTable('twice', [
          { validFrom: '2025-01-01', value: 1 },
          { validFrom: '2025-01-01', value: 2 },
        ]),
      RangeError,
    );
  });

  it('agrees with a linear scan on any table and day (property)', () => {
    const day = fc
      .date({ min: new Date('2000-01-01T12:00:00Z'), max: new Date('2040-12-31T12:00:00Z'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
    fc.assert(
      fc.property(fc.uniqueArray(day, { minLength: 1, maxLength: 30 }), day, (days, probe) => {
        const sorted = [...days].sort();
        const t = datedTable(
          'p',
          sorted.map((validFrom, value) => ({ validFrom, value })),
        );
        const expected = sorted.filter((from) => from <= probe).length - 1;
        assert.equal(findDatedEntry(t, probe)?.value, expected < 0 ? undefined : expected);
      }),
    );
  });
});

describe('the dated figures', () => {
  it('platform fee 6 %, minimum invoice 500 kr, pension payroll tax 24.26 %', () => {
    assert.equal(datedValueAt(PLATFORM_FEE_RATE, '2026-11-23'), '6');
    assert.equal(datedValueAt(MINIMUM_INVOICE_AMOUNT, '2026-11-23'), 50_000);
    assert.equal(datedValueAt(PENSION_SPECIAL_PAYROLL_TAX_RATE, '2025-01-01'), '24.26');
    assert.equal(meetsMinimumInvoiceAmount(50_000, '2026-11-23'), true);
    assert.equal(meetsMinimumInvoiceAmount(49_999, '2026-11-23'), false);
  });

  it('mileage: 18.50 kr per 10 km in 2022, 25 kr from 2023', () => {
    assert.equal(datedValueAt(MILEAGE_ALLOWANCE_PER_10_KM, '2022-12-31'), 1_850);
    assert.equal(datedValueAt(MILEAGE_ALLOWANCE_PER_10_KM, '2023-01-01'), 2_500);
    assert.throws(() => datedValueAt(MILEAGE_ALLOWANCE_PER_10_KM, '2021-12-31'), RangeError);
  });

  it('employer contribution rules as tabled, and none after 2027', () => {
    const at = (day: string) => datedValueAt(EMPLOYER_CONTRIBUTION_RULES, day);
    assert.equal(at('2025-06-01').olderWorkerBornTo, 1958);
    assert.equal(at('2026-06-01').olderWorkerBornTo, 1958);
    assert.equal(at('2027-06-01').olderWorkerBornTo, 1959);
    assert.equal(at('2026-03-31').youth, null);
    assert.deepEqual(at('2026-04-01').youth, { rate: '20.81', bornFrom: 2003, bornTo: 2007, monthlyCap: 2_500_000 });
    assert.deepEqual(at('2027-09-30').youth, { rate: '20.81', bornFrom: 2004, bornTo: 2008, monthlyCap: 2_500_000 });
    assert.equal(at('2027-10-01').youth, null);
    assert.throws(() => at('2028-01-01'), /employer contribution rules: no value for 2028-01-01/);
    assert.throws(() => at('2024-12-31'), RangeError);
  });

  it('late payment interest: reference rate + 8 points, 10 % from 1 Jul 2025 and 1 Jan 2026', () => {
    assert.deepEqual(latePaymentInterestRate('2025-07-01'), {
      rate: '10.00',
      referenceRate: '2.00',
      referenceRateValidFrom: '2025-07-01',
    });
    assert.deepEqual(latePaymentInterestRate('2026-03-15'), {
      rate: '10.00',
      referenceRate: '2.00',
      referenceRateValidFrom: '2026-01-01',
    });
    assert.throws(() => latePaymentInterestRate('2025-06-30'), /Riksbank reference rate: no value/);
    // The rate for 1 Jul 2026 is not known here: the table says so rather than carrying 2.00 % on as a guess.
    assert.deepEqual(latePaymentInterestRate('2026-06-30').rate, '10.00');
    assert.throws(
      () => latePaymentInterestRate('2026-07-01'),
      /no value for 2026-07-01 \(the table covers from 2025-07-01 to 2026-06-30\)/,
    );
    assert.equal(REFERENCE_RATE.knownUntil?.endsWith('-06-30') || REFERENCE_RATE.knownUntil?.endsWith('-12-31'), true);
    assert.equal(
      REFERENCE_RATE.entries.every((e) => /^\d{4}-(01|07)-01$/.test(e.validFrom)),
      true,
    );
  });
});
