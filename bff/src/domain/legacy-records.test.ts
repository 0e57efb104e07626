import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { parseLegacyInvoices, parseLegacyPayouts, payoutFingerprintText } from './legacy-records.ts';

const TODAY = '2026-11-23';

test('invoice columns in any order and spelling; amounts the Swedish way in a semicolon file', () => {
  const ok = parseLegacyInvoices(
    'Total;Paid;Due_Date;Invoice Date;Recipient;Number;E-mail\n"12 345,50";Ja;2024-02-01;2024-01-02;Volvo AB;A-17;Anna@Example.com\n',
    TODAY,
  );
  assert.ok(ok.ok);
  assert.deepEqual(ok.records, [
    {
      line: 2,
      account: { email: 'anna@example.com', personalNumber: null },
      number: 'A-17',
      recipient: 'Volvo AB',
      paid: true,
      invoiceDate: '2024-01-02',
      dueDate: '2024-02-01',
      total: 1234550,
      currency: 'SEK',
    },
  ]);
});

test('comma files read amounts the English way; personal numbers are normalised', () => {
  const result = parseLegacyInvoices(
    'personalNumber,number,recipient,paid,invoiceDate,dueDate,total,currency\n811218-9876,1,X,no,2024-01-02,2024-02-01,"1,234.50",eur\n',
    TODAY,
  );
  assert.ok(result.ok);
  assert.equal(result.records[0]!.total, 123450);
  assert.equal(result.records[0]!.currency, 'EUR');
  assert.equal(result.records[0]!.account.personalNumber, '198112189876');
});

test('each bad value is named with its line and column', () => {
  const result = parseLegacyPayouts(
    'email;createdDate;transactionDate;socialFees;taxMoney;netSalary;pensionTax;pensionDeposition\n' +
      ';2024-01-20;;1;1;1;1;1\n' +
      'a@example.com;2024-13-01;2024-01-22;1,005;-3;;1;1\n',
    TODAY,
  );
  assert.ok(result.ok);
  assert.deepEqual(result.records, []);
  assert.deepEqual(
    result.errors.map((e) => [e.line, e.column, e.code]),
    [
      [2, 'email', 'required'],
      [3, 'createdDate', 'date_invalid'],
      [3, 'socialFees', 'amount_invalid'],
      [3, 'taxMoney', 'amount_invalid'],
      [3, 'netSalary', 'required'],
    ],
  );
});

test('a header that is not the format refuses the whole file', () => {
  const result = parseLegacyPayouts('email;createdDate;bonus\n', TODAY);
  assert.equal(result.ok, false);
  assert.deepEqual(!result.ok && result.errors.map((e) => [e.code, e.column]).sort(), [
    ['column_missing', 'netSalary'],
    ['column_missing', 'pensionDeposition'],
    ['column_missing', 'pensionTax'],
    ['column_missing', 'socialFees'],
    ['column_missing', 'taxMoney'],
    ['column_unknown', 'bonus'],
  ]);
});

test("a payout's fingerprint is its values, whatever line it was on", () => {
  const values = {
    createdDate: '2024-01-20',
    transactionDate: null,
    socialFees: 1,
    taxMoney: 2,
    netSalary: 3,
    pensionTax: 4,
    pensionDeposition: 5,
  };
  assert.equal(payoutFingerprintText(values), '2024-01-20||1|2|3|4|5');
});

// Issue 21: a NUL byte in a cell reached the database (a 500). Any control character in any cell of any line is that
// line's complaint, with its line number and column; the other lines are read as before.
test('a control character in a cell is a bad line of its own, named with its line and column (property)', () => {
  const header = 'email,number,recipient,paid,invoiceDate,dueDate,total';
  const good = (i: number) => `anna@example.com,A-${i},Volvo AB,yes,2024-01-02,2024-02-01,100`;
  const control = fc.oneof(
    fc.integer({ min: 0, max: 0x1f }).filter((c) => c !== 0x0a && c !== 0x0d && c !== 0x2c && c !== 0x22),
    fc.integer({ min: 0x7f, max: 0x9f }),
    fc.constantFrom(0x2028, 0x2029),
  );
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 6 }),
      fc.uniqueArray(fc.nat(5), { minLength: 1, maxLength: 3 }),
      fc.nat(6),
      control,
      (count, badIndexes, column, code) => {
        const bad = new Set(badIndexes.filter((i) => i < count));
        fc.pre(bad.size > 0);
        const lines = Array.from({ length: count }, (_, i) => {
          if (!bad.has(i)) return good(i);
          const cells = good(i).split(',');
          cells[column] = `${cells[column]!.slice(0, 2)}${String.fromCharCode(code)}${cells[column]!.slice(2)}`;
          return cells.join(',');
        });
        const result = parseLegacyInvoices(`${header}\n${lines.join('\n')}\n`, TODAY);
        assert.ok(result.ok, JSON.stringify(result.errors));
        const characterErrors = result.errors.filter((e) => e.code === 'invalid_characters');
        assert.deepEqual(
          characterErrors.map((e) => [e.line, e.column]),
          [...bad].sort((a, b) => a - b).map((i) => [i + 2, header.split(',')[column]]),
        );
        assert.deepEqual(
          result.records.map((r) => r.number),
          Array.from({ length: count }, (_, i) => i)
            .filter((i) => !bad.has(i))
            .map((i) => `A-${i}`),
        );
      },
    ),
  );
});

test('the issue’s NUL byte, and one in the heading line, are refused with their line', () => {
  const nul = parseLegacyInvoices(
    'email,number,recipient,paid,invoiceDate,dueDate,total\nanna@example.com,A-1,Kund\u0000AB,yes,2024-01-02,2024-02-01,100\n',
    TODAY,
  );
  assert.ok(nul.ok);
  assert.deepEqual(
    nul.errors.map((e) => [e.line, e.column, e.code]),
    [[2, 'recipient', 'invalid_characters']],
  );
  const heading = parseLegacyPayouts('email,created\u0000Date\nanna@example.com,2024-01-02\n', TODAY);
  assert.ok(!heading.ok);
  assert.deepEqual(
    heading.errors.map((e) => [e.line, e.column, e.code]),
    [[1, null, 'invalid_characters']],
  );
});
