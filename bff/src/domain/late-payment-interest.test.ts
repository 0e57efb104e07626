// Tests for late-payment-interest.ts: worked examples by hand, and the rules over generated delays, payments and rates.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { datedTable } from './dated-table.ts';
import { add, compare, multiply, ratio, subtract, type Ratio } from './exact-decimal.ts';
import { dayPaidInFull, lateInterest, type AppliedPayment, type InterestTerms } from './late-payment-interest.ts';

const statutory: InterestTerms = { kind: 'statutory' };
const agreed = (percent: string): InterestTerms => ({ kind: 'agreed', percent });

/** A reference-rate table of the test's own: 2.00 % in 2026 H1, 1.50 % from 1 Jul 2026, known to 2031. */
const TABLE = datedTable(
  'test reference rate',
  [
    { validFrom: '2026-01-01', value: '2.00' },
    { validFrom: '2026-07-01', value: '1.50' },
  ],
  { knownUntil: '2031-12-31' },
);

const DAY_MS = 86_400_000;
const plus = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

describe('lateInterest: worked examples', () => {
  it('paid on the due date or before: no interest', () => {
    for (const day of ['2026-03-31', '2026-03-01']) {
      const result = lateInterest({
        principal: 1_250_000,
        dueDate: '2026-03-31',
        payments: [{ day, amount: 1_250_000 }],
        until: day,
        terms: statutory,
      });
      assert.deepEqual(result, { ok: true, periods: [], amount: 0, exact: ratio(0), days: 0 });
    }
  });

  it('12 500 kr paid 44 days late at the statutory 10 %: 12 500 × 10 % × 44 / 365 = 150.68 kr', () => {
    const result = lateInterest({
      principal: 1_250_000,
      dueDate: '2026-04-01',
      payments: [{ day: '2026-05-15', amount: 1_250_000 }],
      until: '2026-05-15',
      terms: statutory,
    });
    assert.ok(result.ok);
    assert.equal(result.days, 44);
    assert.equal(result.amount, 15_068); // 15 068.49… öre
    assert.deepEqual(
      result.periods.map((p) => [p.from, p.to, p.days, p.balance, p.ratePercent, p.referenceRate, p.amount]),
      [['2026-04-02', '2026-05-15', 44, 1_250_000, '10.00', '2.00', 15_068]],
    );
  });

  it('one day late is one day; a payment counts from the day after it', () => {
    const result = lateInterest({
      principal: 3_650_000,
      dueDate: '2026-04-01',
      payments: [{ day: '2026-04-02', amount: 3_650_000 }],
      until: '2026-04-02',
      terms: agreed('10'),
    });
    assert.ok(result.ok);
    assert.equal(result.days, 1);
    assert.equal(result.amount, 1_000); // 36 500 kr × 10 % / 365 = 10 kr
  });

  it('a delay over 1 July follows each half-year’s reference rate: two periods', () => {
    const result = lateInterest({
      principal: 3_650_000,
      dueDate: '2026-06-20',
      payments: [{ day: '2026-07-10', amount: 3_650_000 }],
      until: '2026-07-10',
      terms: statutory,
      referenceRates: TABLE,
    });
    assert.ok(result.ok);
    assert.deepEqual(
      result.periods.map((p) => [p.from, p.to, p.days, p.ratePercent, p.amount]),
      [
        ['2026-06-21', '2026-06-30', 10, '10.00', 10_000], // 36 500 × 10 % × 10 / 365 = 100 kr
        ['2026-07-01', '2026-07-10', 10, '9.50', 9_500],
      ],
    );
    assert.equal(result.amount, 19_500);
  });

  it('a partial payment splits the delay: interest on what was still unpaid', () => {
    const result = lateInterest({
      principal: 3_650_000,
      dueDate: '2026-03-01',
      payments: [
        { day: '2026-03-11', amount: 1_825_000 },
        { day: '2026-03-21', amount: 1_825_000 },
      ],
      until: '2026-03-21',
      terms: agreed('12'),
    });
    assert.ok(result.ok);
    assert.deepEqual(
      result.periods.map((p) => [p.from, p.to, p.balance, p.amount]),
      [
        ['2026-03-02', '2026-03-11', 3_650_000, 12_000],
        ['2026-03-12', '2026-03-21', 1_825_000, 6_000],
      ],
    );
  });

  it('actual/365 in a leap year too: 366 days late at 10 % is 10 × 366/365 %', () => {
    const result = lateInterest({
      principal: 3_650_000,
      dueDate: '2027-12-31',
      payments: [],
      until: '2028-12-31',
      terms: agreed('10'),
    });
    assert.ok(result.ok);
    assert.equal(result.days, 366);
    assert.equal(result.amount, 366_000);
  });

  it('statutory interest for a day the reference-rate table does not reach is not known yet, never guessed', () => {
    const result = lateInterest({
      principal: 1_250_000,
      dueDate: '2026-06-15',
      payments: [{ day: '2026-07-15', amount: 1_250_000 }],
      until: '2026-07-15',
      terms: statutory,
    });
    assert.deepEqual(result, { ok: false, reason: 'rate_unknown', firstUnknownDay: '2026-07-01' });
    // A rate typed on the invoice needs no table.
    const typed = lateInterest({
      principal: 1_250_000,
      dueDate: '2026-06-15',
      payments: [{ day: '2026-07-15', amount: 1_250_000 }],
      until: '2026-07-15',
      terms: agreed('8.5'),
    });
    assert.ok(typed.ok);
  });

  it('refuses program errors: payments above the principal, a bad date, a rate above 100 %', () => {
    const base = { principal: 100, dueDate: '2026-01-01', until: '2026-02-01', terms: statutory };
    assert.throws(() => lateInterest({ ...base, payments: [{ day: '2026-01-05', amount: 101 }] }), RangeError);
    assert.throws(() => lateInterest({ ...base, payments: [{ day: '2026-02-30', amount: 1 }] }), RangeError);
    assert.throws(() => lateInterest({ ...base, payments: [], terms: agreed('100.01') }), RangeError);
    assert.throws(() => lateInterest({ ...base, payments: [{ day: '2026-01-05', amount: 0 }] }), RangeError);
  });

  it('dayPaidInFull: the payment that completes the principal', () => {
    const payments = [
      { day: '2026-03-20', amount: 50 },
      { day: '2026-03-10', amount: 50 },
    ];
    assert.equal(dayPaidInFull(100, payments), '2026-03-20');
    assert.equal(dayPaidInFull(101, payments), null);
  });
});

/** A delay: a principal, its due date, payments that may or may not complete it, and the last day counted. */
const delays = fc
  .record({
    principal: fc.integer({ min: 1, max: 10_000_000_000 }),
    dueOffset: fc.integer({ min: 0, max: 700 }),
    parts: fc.array(fc.record({ share: fc.integer({ min: 1, max: 1000 }), day: fc.integer({ min: -30, max: 400 }) }), {
      maxLength: 5,
    }),
    complete: fc.boolean(),
    extra: fc.integer({ min: 0, max: 60 }),
  })
  .map(({ principal, dueOffset, parts, complete, extra }) => {
    const dueDate = plus('2026-01-01', dueOffset);
    const shares = parts.reduce((sum, part) => sum + part.share, 0);
    const payments: AppliedPayment[] = [];
    let left = principal;
    parts.forEach((part, i) => {
      const amount =
        complete && i === parts.length - 1
          ? left
          : Math.floor((principal * part.share) / (shares + (complete ? 0 : 1)));
      if (amount > 0 && amount <= left) {
        payments.push({ day: plus(dueDate, part.day), amount });
        left -= amount;
      }
    });
    const lastDay = payments.reduce((latest, p) => (p.day > latest ? p.day : latest), dueDate);
    return { principal, dueDate, payments, until: plus(lastDay, extra) };
  });

const rates = fc.oneof(
  fc.constant<InterestTerms>(statutory),
  fc.integer({ min: 0, max: 5000 }).map((hundredths) => agreed((hundredths / 100).toFixed(2))),
);

const half: Ratio = ratio(1, 2);
const distance = (a: Ratio, b: Ratio) => {
  const d = subtract(a, b);
  return d.numerator < 0n ? ratio(-d.numerator, d.denominator) : d;
};

describe('lateInterest: properties', () => {
  it('each period is its exact value rounded once, and the total is their sum, within half an öre per period', () => {
    fc.assert(
      fc.property(delays, rates, (delay, terms) => {
        const result = lateInterest({ ...delay, terms, referenceRates: TABLE });
        assert.ok(result.ok);
        let sum = 0;
        let exact = ratio(0);
        for (const period of result.periods) {
          assert.ok(compare(distance(ratio(period.amount), period.exact), half) <= 0);
          sum += period.amount;
          exact = add(exact, period.exact);
        }
        assert.equal(result.amount, sum);
        assert.equal(compare(result.exact, exact), 0);
        assert.ok(
          compare(distance(ratio(result.amount), result.exact), multiply(half, ratio(result.periods.length))) <= 0,
        );
      }),
    );
  });

  it('the periods are consecutive late days, each with the balance left after the payments before it', () => {
    fc.assert(
      fc.property(delays, rates, (delay, terms) => {
        const result = lateInterest({ ...delay, terms, referenceRates: TABLE });
        assert.ok(result.ok);
        let expectedFrom = plus(delay.dueDate, 1);
        for (const period of result.periods) {
          assert.equal(period.from, expectedFrom);
          assert.equal(plus(period.from, period.days - 1), period.to);
          const paidBefore = delay.payments.filter((p) => p.day < period.from).reduce((s, p) => s + p.amount, 0);
          assert.equal(period.balance, delay.principal - paidBefore);
          assert.ok(period.balance > 0);
          expectedFrom = plus(period.to, 1);
        }
        assert.equal(
          result.days,
          result.periods.reduce((s, p) => s + p.days, 0),
        );
      }),
    );
  });

  it('with one rate and no partial payment it is principal × rate × days / 365, rounded once', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000_000 }),
        fc.integer({ min: 0, max: 1000 }),
        fc.integer({ min: 0, max: 5000 }),
        (principal, days, hundredths) => {
          const rate = (hundredths / 100).toFixed(2);
          const result = lateInterest({
            principal,
            dueDate: '2026-01-10',
            payments: [{ day: plus('2026-01-10', days), amount: principal }],
            until: plus('2026-01-10', days),
            terms: agreed(rate),
          });
          assert.ok(result.ok);
          const exact = BigInt(principal) * BigInt(days) * BigInt(hundredths);
          const denominator = 365n * 10_000n;
          assert.equal(BigInt(result.amount), (2n * exact + denominator) / (2n * denominator));
        },
      ),
    );
  });

  it('more days never cost less; paying part earlier never costs more', () => {
    fc.assert(
      fc.property(delays, rates, fc.integer({ min: 0, max: 90 }), (delay, terms, more) => {
        const base = lateInterest({ ...delay, terms, referenceRates: TABLE });
        const longer = lateInterest({ ...delay, until: plus(delay.until, more), terms, referenceRates: TABLE });
        assert.ok(base.ok && longer.ok);
        assert.ok(compare(longer.exact, base.exact) >= 0);
        const earlier = delay.payments.map((p) => ({ ...p, day: plus(p.day, -more) }));
        const sooner = lateInterest({ ...delay, payments: earlier, terms, referenceRates: TABLE });
        assert.ok(sooner.ok);
        assert.ok(compare(sooner.exact, base.exact) <= 0);
      }),
    );
  });

  it('statutory interest equals a typed rate of reference + 8 points while the reference rate holds still', () => {
    const flat = datedTable('flat', [{ validFrom: '2020-01-01', value: '2.00' }], { knownUntil: '2030-12-31' });
    fc.assert(
      fc.property(delays, (delay) => {
        const bySystem = lateInterest({ ...delay, terms: statutory, referenceRates: flat });
        const typed = lateInterest({ ...delay, terms: agreed('10.00') });
        assert.ok(bySystem.ok && typed.ok);
        assert.equal(bySystem.amount, typed.amount);
      }),
    );
  });
});
