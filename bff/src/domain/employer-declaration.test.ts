// The employer declaration's figures and file against a month computed by hand (three people: standard, youth across
// the monthly cap, older worker), and by property: every sum adds up, whole kronor are taken once, and the file's main
// part agrees with its individual parts.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  apportion,
  declarationCorrections,
  declaredKronor,
  employerDeclarationFigures,
  normaliseRate,
  paidPartOfItem,
  paidVacationPay,
  type PaidSalary,
} from './employer-declaration.ts';
import { employerDeclarationXml, employerIdentity, AgiFileError } from './employer-declaration-xml.ts';
import { declarationPeriodCode, employerDeclarationDueDate, parseMonth, parseReportPeriod } from './report-period.ts';
import { computeSalary } from './salary.ts';
import { childrenNamed, parseXml, selectPath, type XmlElement } from './xml-tree.ts';

const INSTANCE = 'http://xmls.skatteverket.se/se/skatteverket/da/instans/schema/1.1';
const COMPONENT = 'http://xmls.skatteverket.se/se/skatteverket/da/komponent/schema/1.1';

function paid(
  ownerId: string,
  payoutNumber: number,
  item: Parameters<typeof paidPartOfItem>[0],
  executionDate = '2026-11-30',
): PaidSalary {
  return {
    ownerId,
    payoutId: `payout-${payoutNumber}`,
    payoutNumber,
    executionDate,
    source: 'salary_item',
    salaryItemId: `item-${payoutNumber}-${item.grossSalary}`,
    invoiceId: null,
    ...paidPartOfItem(item),
  };
}

// Computed by hand (exact fractions, then the rounding order of domain-rules.md#salaries), fee 6 %, tax 30 %:
//   A (born 1981, standard 31.42 %): I = 40 000 → B 37 600, G = 37 600 / 1.3142 = 28 610.56, fee 8 989.44,
//     tax 8 583.17; I = 10 000 → B 9 400, G = 7 152.64, fee 2 247.36, tax 2 145.79.
//   B (born 2005, youth 20.81 % up to 25 000 kr a month): I = 40 000 → G = (37 600 + 25 000 × 0.1061) / 1.3142
//     = 30 628.90, fee 6 971.10 (bases 25 000 at 20.81 %, 5 628.90 at 31.42 %), tax 9 188.67.
//   C (born 1955, older worker 10.21 %): I = 20 000 → B 18 800, G = 18 800 / 1.1021 = 17 058.343… → 17 058.34,
//     fee 1 741.66, tax 0.3 × 1 705 834 öre = 511 750.2 → 5 117.50.
const A1 = {
  grossSalary: 2_861_056,
  incomeTaxAmount: 858_317,
  socialFeeAmount: 898_944,
  category: 'standard',
  bases: [{ rate: '31.4200', salary: 2_861_056 }],
};
const A2 = {
  grossSalary: 715_264,
  incomeTaxAmount: 214_579,
  socialFeeAmount: 224_736,
  category: 'standard',
  bases: [{ rate: '31.42', salary: 715_264 }],
};
const B1 = {
  grossSalary: 3_062_890,
  incomeTaxAmount: 918_867,
  socialFeeAmount: 697_110,
  category: 'youth',
  bases: [
    { rate: '20.81', salary: 2_500_000 },
    { rate: '31.42', salary: 562_890 },
  ],
};
const C1 = {
  grossSalary: 1_705_834,
  incomeTaxAmount: 511_750,
  socialFeeAmount: 174_166,
  category: 'older_worker',
  bases: [{ rate: '10.21', salary: 1_705_834 }],
};

const MONTH = [paid('a', 1, A1), paid('a', 2, A2), paid('b', 3, B1), paid('c', 4, C1)];

describe('employer declaration: a month computed by hand', () => {
  it('the stored salary items are what THE salary function gives (the hand computation above)', () => {
    const at = '2026-11-10';
    const a1 = computeSalary({ invoiceAmount: 4_000_000, birthDate: '1981-12-18', paymentDate: at });
    const a2 = computeSalary({ invoiceAmount: 1_000_000, birthDate: '1981-12-18', paymentDate: at });
    const b1 = computeSalary({ invoiceAmount: 4_000_000, birthDate: '2005-03-01', paymentDate: at });
    const c1 = computeSalary({ invoiceAmount: 2_000_000, birthDate: '1955-05-05', paymentDate: at });
    for (const [salary, stored] of [
      [a1, A1],
      [a2, A2],
      [b1, B1],
      [c1, C1],
    ] as const) {
      assert.equal(salary.grossSalary, stored.grossSalary);
      assert.equal(salary.incomeTaxAmount, stored.incomeTaxAmount);
      assert.equal(salary.socialFeeAmount, stored.socialFeeAmount);
      assert.equal(salary.employerContributionCategory, stored.category);
      assert.deepEqual(
        salary.employerContributionBases.map((b) => ({ rate: b.rate, salary: b.salary })),
        stored.bases.map((b) => ({ rate: normaliseRate(b.rate), salary: b.salary })),
      );
    }
  });

  it('per person and for the month, in öre, with the bases by category and rate', () => {
    const figures = employerDeclarationFigures(MONTH);
    assert.deepEqual(
      figures.people.map((p) => [p.ownerId, p.cashGross, p.taxWithheld, p.contributions]),
      [
        ['a', 3_576_320, 1_072_896, 1_123_680],
        ['b', 3_062_890, 918_867, 697_110],
        ['c', 1_705_834, 511_750, 174_166],
      ],
    );
    assert.deepEqual(figures.totals, {
      cashGross: 8_345_044,
      taxWithheld: 2_503_513,
      contributions: 1_994_956,
      toPay: 4_498_469,
      bases: [
        { category: 'standard', rate: '31.42', amount: 3_576_320 },
        { category: 'youth', rate: '20.81', amount: 2_500_000 },
        { category: 'youth', rate: '31.42', amount: 562_890 },
        { category: 'older_worker', rate: '10.21', amount: 1_705_834 },
      ],
    });
  });

  it('in whole kronor as the form takes them: 011 and 001 per person, 497 their sum, 487 the booked contributions', () => {
    assert.deepEqual(declaredKronor(employerDeclarationFigures(MONTH)), {
      people: [
        { ownerId: 'a', cashGross: 35_763, taxWithheld: 10_728 },
        { ownerId: 'b', cashGross: 30_628, taxWithheld: 9_188 },
        { ownerId: 'c', cashGross: 17_058, taxWithheld: 5_117 },
      ],
      contributions: 19_949,
      taxWithheld: 25_033,
      toPay: 44_982,
    });
  });

  it('saved vacation pay leaves the cash gross (and its contributions) until it is paid out', () => {
    // 28 610.56 with V = round(28 610.56 × 12/112) = 3 065.42 saved, and its contributions round(8 989.44 × V / G) = 963.16.
    const part = paidPartOfItem({ ...A1, savedVacationPayAmount: 306_542, savedVacationPaySocialFee: 96_316 });
    assert.deepEqual(part, {
      cashGross: 2_554_514,
      taxWithheld: 858_317,
      contributions: 802_628,
      bases: [{ category: 'standard', rate: '31.42', amount: 2_554_514 }],
    });
  });

  it("saved vacation pay counts when its own payout pays it: the payout's gross, tax and the contributions set aside", () => {
    // A's 3 065.42 saved (contributions 963.16) paid out on a day her tax rate is 32 %: tax round(306 542 × 0.32)
    // = round(98 093.44) = 980.93, as the payout stored it. The basis is the salary's own category and rate.
    const a = { ...A1, savedVacationPayAmount: 306_542, savedVacationPaySocialFee: 96_316 };
    assert.deepEqual(paidVacationPay({ grossAmount: 306_542, incomeTaxAmount: 98_093, socialFeeAmount: 96_316 }, [a]), {
      cashGross: 306_542,
      taxWithheld: 98_093,
      contributions: 96_316,
      bases: [{ category: 'standard', rate: '31.42', amount: 306_542 }],
    });
    // B (youth, two rates): V = round(30 628.90 × 12/112) = round(3 281.6679) = 3 281.67, split over the bases
    // 25 000 : 5 628.90 → 2 678.57 and 603.09 with the last öre to the larger remainder (603.10); contributions
    // round(6 971.10 × V / G) = round(746.904) = 746.90. Together with A: one payout each, merged by category and rate.
    const b = { ...B1, savedVacationPayAmount: 328_167, savedVacationPaySocialFee: 74_690 };
    const part = paidVacationPay({ grossAmount: 328_167, incomeTaxAmount: 98_450, socialFeeAmount: 74_690 }, [b]);
    assert.deepEqual(part.bases, [
      { category: 'youth', rate: '20.81', amount: 267_857 },
      { category: 'youth', rate: '31.42', amount: 60_310 },
    ]);
    // A payout whose figures are not its items' saved amounts is refused, never recomputed.
    assert.throws(
      () => paidVacationPay({ grossAmount: 306_543, incomeTaxAmount: 98_093, socialFeeAmount: 96_316 }, [a]),
      RangeError,
    );
    assert.throws(
      () => paidVacationPay({ grossAmount: 306_542, incomeTaxAmount: 98_093, socialFeeAmount: 96_315 }, [a]),
      RangeError,
    );
    // Paid with the salary or saved and paid later: over both payouts the cash gross is the whole gross salary.
    const withSalary = paidPartOfItem(a);
    assert.equal(
      withSalary.cashGross +
        paidVacationPay({ grossAmount: 306_542, incomeTaxAmount: 0, socialFeeAmount: 96_316 }, [a]).cashGross,
      A1.grossSalary,
    );
    assert.equal(withSalary.contributions + 96_316, A1.socialFeeAmount);
  });

  it('a correction after the month was declared: the difference per person, with the person gone or new', () => {
    const declared = [
      { ownerId: 'a', cashGross: 3_576_320, taxWithheld: 1_072_896, contributions: 1_123_680 },
      { ownerId: 'b', cashGross: 3_062_890, taxWithheld: 918_867, contributions: 697_110 },
    ];
    const current = [
      { ownerId: 'a', cashGross: 2_861_056, taxWithheld: 858_317, contributions: 898_944 },
      { ownerId: 'c', cashGross: 1_705_834, taxWithheld: 511_750, contributions: 174_166 },
    ];
    const corrections = declarationCorrections(declared, current);
    assert.deepEqual(
      corrections.map((c) => [c.ownerId, c.cashGross, c.taxWithheld, c.contributions, !!c.declared, !!c.current]),
      [
        ['a', -715_264, -214_579, -224_736, true, true],
        ['b', -3_062_890, -918_867, -697_110, true, false],
        ['c', 1_705_834, 511_750, 174_166, false, true],
      ],
    );
    assert.deepEqual(declarationCorrections(declared, declared), []);
  });

  it('periods and due dates: the 12th of the next month, the 17th in January and August, moved to a weekday', () => {
    assert.equal(declarationPeriodCode(parseMonth('2026-11')!), '202611');
    assert.equal(employerDeclarationDueDate(parseMonth('2026-10')!), '2026-11-12'); // Thursday
    assert.equal(employerDeclarationDueDate(parseMonth('2026-11')!), '2026-12-14'); // 12 Dec is a Saturday
    assert.equal(employerDeclarationDueDate(parseMonth('2026-12')!), '2027-01-18'); // 17 Jan 2027 is a Sunday
    assert.equal(employerDeclarationDueDate(parseMonth('2026-07')!), '2026-08-17'); // Monday
    assert.deepEqual(parseReportPeriod('2026-Q4'), {
      kind: 'quarter',
      key: '2026-Q4',
      year: 2026,
      number: 4,
      from: '2026-10-01',
      to: '2026-12-31',
    });
    for (const bad of ['2026-13', '2026-00', '26-11', '2026-Q5', '2026-11-01', '', '1999-01'])
      assert.equal(parseReportPeriod(bad), null, bad);
  });
});

const paidArb = fc
  .record({
    ownerId: fc.constantFrom('a', 'b', 'c', 'd'),
    payoutNumber: fc.integer({ min: 1, max: 10_000 }),
    gross: fc.integer({ min: 0, max: 20_000_000 }),
    taxRate: fc.integer({ min: 0, max: 60 }),
    youthCut: fc.integer({ min: 0, max: 100 }),
    category: fc.constantFrom('standard', 'youth', 'older_worker', 'born_1937_or_earlier'),
  })
  .map(({ ownerId, payoutNumber, gross, taxRate, youthCut, category }) => {
    const reduced = Math.floor((gross * youthCut) / 100);
    const bases =
      category === 'youth'
        ? [
            { rate: '20.81', salary: reduced },
            { rate: '31.42', salary: gross - reduced },
          ]
        : [{ rate: category === 'standard' ? '31.42' : category === 'older_worker' ? '10.21' : '0', salary: gross }];
    return paid(ownerId, payoutNumber, {
      grossSalary: gross,
      incomeTaxAmount: Math.round((gross * taxRate) / 100),
      socialFeeAmount: Math.round(gross * 0.3142),
      category,
      bases,
    });
  });

describe('employer declaration: by property', () => {
  it('people add up to the month, bases to the cash gross, and the kronor are the öre with the öre dropped', () => {
    fc.assert(
      fc.property(fc.array(paidArb, { maxLength: 30 }), (parts) => {
        const figures = employerDeclarationFigures(parts);
        const sum = (key: 'cashGross' | 'taxWithheld' | 'contributions') => parts.reduce((s, p) => s + p[key], 0);
        assert.equal(figures.totals.cashGross, sum('cashGross'));
        assert.equal(figures.totals.taxWithheld, sum('taxWithheld'));
        assert.equal(figures.totals.contributions, sum('contributions'));
        assert.equal(figures.totals.toPay, sum('taxWithheld') + sum('contributions'));
        assert.equal(
          figures.totals.bases.reduce((s, b) => s + b.amount, 0),
          figures.totals.cashGross,
        );
        for (const person of figures.people)
          assert.equal(
            person.bases.reduce((s, b) => s + b.amount, 0),
            person.cashGross,
          );
        const kronor = declaredKronor(figures);
        assert.equal(
          kronor.taxWithheld,
          kronor.people.reduce((s, p) => s + p.taxWithheld, 0),
        );
        for (const [i, person] of figures.people.entries()) {
          assert.ok(person.cashGross - kronor.people[i]!.cashGross * 100 < 100);
          assert.ok(person.cashGross - kronor.people[i]!.cashGross * 100 >= 0);
        }
        assert.equal(kronor.contributions, Math.trunc(figures.totals.contributions / 100));
      }),
      { numRuns: 300 },
    );
  });

  it('apportion: the parts add up and none is more than one öre from its exact share', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e10 }),
        fc.array(fc.integer({ min: 0, max: 1e9 }), { minLength: 1, maxLength: 6 }),
        (total, weights) => {
          const parts = apportion(total, weights);
          const sum = weights.reduce((a, b) => a + b, 0);
          if (sum === 0)
            return assert.deepEqual(
              parts,
              weights.map(() => 0),
            );
          assert.equal(
            parts.reduce((a, b) => a + b, 0),
            total,
          );
          parts.forEach((part, i) => assert.ok(Math.abs(part - (total * weights[i]!) / sum) < 1 + 1e-6));
        },
      ),
    );
  });
});

function fields(element: XmlElement): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (e: XmlElement) => {
    if (e.attrs.faltkod) out[e.attrs.faltkod] = e.text;
    e.children.forEach(walk);
  };
  walk(element);
  return out;
}

describe('employer declaration: Skatteverket’s XML file (schema 1.1)', () => {
  const kronor = declaredKronor(employerDeclarationFigures(MONTH));
  const ids: Record<string, string> = { a: '198112189876', b: '200503019812', c: '195505059813' };
  const input = {
    programName: 'Frilo',
    organisationNumber: '5599001236',
    period: '202611',
    createdAt: '2026-12-01T09:30:00',
    contact: { name: 'Lisa <Lön> & Co', phone: '08-123 456 78', email: 'lon@frilo.example' },
    individuals: kronor.people.map((p) => ({
      personalIdentityNumber: ids[p.ownerId]!,
      specificationNumber: 1,
      cashGross: p.cashGross,
      taxWithheld: p.taxWithheld,
    })),
    removed: [{ personalIdentityNumber: '197001019876', specificationNumber: 1 }],
    contributions: kronor.contributions,
    taxWithheld: kronor.taxWithheld,
  };

  it('has the root, namespaces, sender, employer, one HU and one IU per person with the field codes', () => {
    const xml = employerDeclarationXml(input);
    assert.ok(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?><Skatteverket omrade="Arbetsgivardeklaration"'));
    const root = parseXml(xml, { [INSTANCE]: '', [COMPONENT]: 'agd' });
    assert.equal(root.ns, INSTANCE);
    assert.equal(root.local, 'Skatteverket');
    assert.equal(root.attrs.omrade, 'Arbetsgivardeklaration');
    assert.equal(selectPath(root, 'agd:Avsandare/agd:Organisationsnummer')[0]?.text, '165599001236');
    assert.equal(selectPath(root, 'agd:Avsandare/agd:TekniskKontaktperson/agd:Namn')[0]?.text, 'Lisa <Lön> & Co');
    assert.equal(selectPath(root, 'agd:Avsandare/agd:Skapad')[0]?.text, '2026-12-01T09:30:00');
    assert.equal(
      selectPath(root, 'agd:Blankettgemensamt/agd:Arbetsgivare/agd:AgRegistreradId')[0]?.text,
      '165599001236',
    );
    const forms = childrenNamed(root, 'agd:Blankett');
    assert.equal(forms.length, 1 + 3 + 1);
    for (const form of forms) {
      assert.equal(selectPath(form, 'agd:Arendeinformation/agd:Arendeagare')[0]?.text, '165599001236');
      assert.equal(selectPath(form, 'agd:Arendeinformation/agd:Period')[0]?.text, '202611');
    }
    const hu = selectPath(forms[0]!, 'agd:Blankettinnehall/agd:HU');
    assert.equal(hu.length, 1);
    assert.deepEqual(fields(hu[0]!), { '201': '165599001236', '006': '202611', '487': '19949', '497': '25033' });
    const ius = forms.slice(1).map((f) => fields(selectPath(f, 'agd:Blankettinnehall/agd:IU')[0]!));
    assert.deepEqual(ius, [
      { '201': '165599001236', '215': '198112189876', '006': '202611', '570': '1', '011': '35763', '001': '10728' },
      { '201': '165599001236', '215': '200503019812', '006': '202611', '570': '1', '011': '30628', '001': '9188' },
      { '201': '165599001236', '215': '195505059813', '006': '202611', '570': '1', '011': '17058', '001': '5117' },
      { '201': '165599001236', '215': '197001019876', '006': '202611', '570': '1', '205': '1' },
    ]);
    // 497 is the sum of the individual parts' 001.
    assert.equal(
      ius.reduce((s, f) => s + Number(f['001'] ?? 0), 0),
      Number(fields(hu[0]!)['497']),
    );
  });

  it('refuses what Skatteverket would: a 497 that is not the sum, a bad identity, a person twice', () => {
    assert.throws(() => employerDeclarationXml({ ...input, taxWithheld: 1 }), AgiFileError);
    assert.throws(
      () =>
        employerDeclarationXml({
          ...input,
          individuals: [{ ...input.individuals[0]!, personalIdentityNumber: '8112189876' }],
          taxWithheld: input.individuals[0]!.taxWithheld,
        }),
      AgiFileError,
    );
    assert.throws(
      () =>
        employerDeclarationXml({
          ...input,
          individuals: [input.individuals[0]!, input.individuals[0]!],
          taxWithheld: input.individuals[0]!.taxWithheld * 2,
        }),
      AgiFileError,
    );
    assert.throws(() => employerDeclarationXml({ ...input, period: '2026-11' }), AgiFileError);
    assert.equal(employerIdentity('559900-1236'), '165599001236');
  });
});
