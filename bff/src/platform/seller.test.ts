import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { checkEInvoice } from '../domain/ubl-rules.ts';
import { buildUbl } from '../domain/ubl.ts';
import { DOCUMENT_KINDS } from '../../test/fixtures/edocs/invoice-documents.ts';
import { loadSeller } from './seller.ts';

const PRODUCTION = {
  SELLER_NAME: 'Paraply Lön AB',
  SELLER_ORGANISATION_NUMBER: '556677-8899',
  SELLER_STREET: 'Storgatan 5',
  SELLER_POSTAL_CODE: '41101',
  SELLER_CITY: 'Göteborg',
  SELLER_BANKGIRO: '50501238',
  SELLER_EMAIL: 'faktura@paraply.example',
  SELLER_F_TAX_APPROVED: 'true',
};

describe('the platform as seller (settings)', () => {
  test('outside production a demo company with valid numbers stands in, and its e-invoices pass the rules', () => {
    const seller = loadSeller({}, 'development');
    assert.equal(seller.name, 'Frilo Demo AB');
    assert.equal(seller.vatNumber, 'SE559900123601');
    assert.equal(seller.iban, 'SE4550000000058398257466');
    const doc = { ...DOCUMENT_KINDS['one VAT rate']!, seller };
    assert.deepEqual(checkEInvoice(buildUbl(doc)), []);
  });

  test('production refuses to start without every field an invoice prints', () => {
    assert.throws(
      () => loadSeller({}, 'production'),
      /Required in production.*SELLER_NAME, SELLER_ORGANISATION_NUMBER, SELLER_STREET, SELLER_POSTAL_CODE, SELLER_CITY, SELLER_BANKGIRO, SELLER_EMAIL, SELLER_F_TAX_APPROVED/,
    );
    const { SELLER_BANKGIRO: _left, ...withoutBankgiro } = PRODUCTION;
    assert.throws(() => loadSeller(withoutBankgiro, 'production'), /SELLER_BANKGIRO/);
  });

  test('production values are normalised: the VAT number derived from the organisation number, the endpoint 0007', () => {
    const seller = loadSeller(PRODUCTION, 'production');
    assert.deepEqual(seller, {
      name: 'Paraply Lön AB',
      organisationNumber: '5566778899',
      vatNumber: 'SE556677889901',
      address: { street: 'Storgatan 5', postalCode: '411 01', city: 'Göteborg', country: 'SE' },
      approvedForFTax: true,
      bankgiro: '50501238',
      endpoint: { scheme: '0007', id: '5566778899' },
      contact: { email: 'faktura@paraply.example' },
    });
  });

  test('a wrong value stops the start, naming the variable', () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ SELLER_ORGANISATION_NUMBER: '5566778898' }, /SELLER_ORGANISATION_NUMBER/],
      [{ SELLER_VAT_NUMBER: 'SE559900123601' }, /SELLER_VAT_NUMBER: must be SE \+ the organisation number \+ 01/],
      [{ SELLER_BANKGIRO: '5050-1239' }, /SELLER_BANKGIRO/],
      [{ SELLER_POSTAL_CODE: '01234' }, /SELLER_POSTAL_CODE/],
      [{ SELLER_F_TAX_APPROVED: 'yes' }, /Godkänd för F-skatt/],
      [{ SELLER_IBAN: 'SE45 5000 0000 0583 9825 7467', SELLER_BIC: 'ESSESESS' }, /SELLER_IBAN: not a valid IBAN/],
      [{ SELLER_IBAN: 'SE45 5000 0000 0583 9825 7466' }, /go together/],
      [{ SELLER_EMAIL: 'faktura' }, /SELLER_EMAIL/],
    ];
    for (const [change, error] of cases) {
      assert.throws(() => loadSeller({ ...PRODUCTION, ...change }, 'production'), error, JSON.stringify(change));
    }
  });
});
