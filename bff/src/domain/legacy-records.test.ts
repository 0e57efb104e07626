import { test } from 'node:test';
import assert from 'node:assert/strict';
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
