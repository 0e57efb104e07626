import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { maskBankAccount, parseBankAccount } from './bank-account.ts';

describe('bank accounts', () => {
  test('Swedish accounts of the main account types are checked per bank and normalised', () => {
    assert.deepEqual(parseBankAccount({ kind: 'domestic', clearingNumber: '8327-9', accountNumber: '123 456 789-7' }), {
      valid: true,
      account: { kind: 'domestic', clearingNumber: '83279', accountNumber: '1234567897', bankName: 'Swedbank' },
    });
    assert.deepEqual(parseBankAccount({ kind: 'domestic', clearingNumber: '6000', accountNumber: '123456789' }), {
      valid: true,
      account: { kind: 'domestic', clearingNumber: '6000', accountNumber: '123456789', bankName: 'Handelsbanken' },
    });
    const seb = parseBankAccount({ kind: 'domestic', clearingNumber: '5000', accountNumber: '12 345 60' });
    assert.equal(seb.valid && seb.account.kind === 'domestic' && seb.account.bankName, 'SEB');
  });

  test('a wrong check digit, an unknown clearing number or letters are refused on the right field', () => {
    assert.deepEqual(parseBankAccount({ kind: 'domestic', clearingNumber: '8327-9', accountNumber: '1234567896' }), {
      valid: false,
      errors: [{ field: 'accountNumber', code: 'account_number_invalid' }],
    });
    assert.deepEqual(parseBankAccount({ kind: 'domestic', clearingNumber: '0000', accountNumber: '1234567' }), {
      valid: false,
      errors: [{ field: 'clearingNumber', code: 'clearing_number_invalid' }],
    });
    assert.deepEqual(parseBankAccount({ kind: 'domestic', clearingNumber: '12a4', accountNumber: '' }), {
      valid: false,
      errors: [
        { field: 'clearingNumber', code: 'clearing_number_invalid' },
        { field: 'accountNumber', code: 'required' },
      ],
    });
  });

  test('an IBAN is checked (country length and mod 97) and needs a valid BIC', () => {
    assert.deepEqual(parseBankAccount({ kind: 'iban', iban: 'de89 3704 0044 0532 0130 00', bic: 'cobadeffxxx' }), {
      valid: true,
      account: { kind: 'iban', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
    });
    assert.deepEqual(parseBankAccount({ kind: 'iban', iban: 'DE89 3704 0044 0532 0130 01', bic: 'COBADEFF' }), {
      valid: false,
      errors: [{ field: 'iban', code: 'iban_invalid' }],
    });
    assert.deepEqual(parseBankAccount({ kind: 'iban', iban: 'SE45 5000 0000 0583 9825 7466', bic: 'ESSE' }), {
      valid: false,
      errors: [{ field: 'bic', code: 'bic_invalid' }],
    });
    assert.deepEqual(parseBankAccount({ kind: 'iban', iban: ' ', bic: '' }).valid, false);
  });

  test('masked: the bank or country and the last four digits, nothing more', () => {
    assert.equal(
      maskBankAccount({ kind: 'domestic', clearingNumber: '83279', accountNumber: '1234567897', bankName: 'Swedbank' }),
      'Swedbank •••• 7897',
    );
    assert.equal(
      maskBankAccount({ kind: 'iban', iban: 'SE4550000000058398257466', bic: 'ESSESESS' }),
      'SE45 •••• 7466',
    );
  });
});
