// Unit tests for customer-rules.ts: each rule refuses what it should, with the field, code and problem code a client sees.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import type { CustomerDetails } from './customer-details.ts';
import { customerProblems, evaluateCustomer, problemCodesOf } from './customer-rules.ts';
import { changedVerifiedDetails } from './customer-verification.ts';

const TODAY = '2026-11-21';
const context = { today: TODAY };

// Identifiers with valid check digits, computed with the Luhn rule (organisation numbers) or the country's VAT rule.
const swedishCompany: CustomerDetails = {
  type: 'organization',
  name: 'Volvo Personvagnar AB',
  governmentId: '5560360793',
  vatNumber: 'SE 556036-0793 01',
  contactPersonEmail: 'Anna.Berg@Volvo.SE',
  email: 'invoices@volvo.se',
  invoiceLanguage: 'sv',
  eInvoice: false,
  address: { streetName: ' Assar Gabrielssons väg 9 ', postalCode: '40531', city: 'Göteborg', country: 'se' },
};
const germanCompany: CustomerDetails = {
  type: 'organization',
  name: 'Beispiel GmbH',
  governmentId: 'HRB 12345',
  vatNumber: 'DE123456788',
  contactPersonEmail: 'kontakt@beispiel.de',
  email: 'rechnung@beispiel.de',
  invoiceLanguage: 'en',
  eInvoice: false,
  address: { streetName: 'Hauptstraße 1', postalCode: '10115', city: 'Berlin', country: 'DE' },
};
const person: CustomerDetails = {
  type: 'individual',
  name: 'Sven Svensson',
  governmentId: '811218-9876',
  vatNumber: null,
  contactPersonEmail: 'sven@example.com',
  email: 'sven@example.com',
  invoiceLanguage: 'sv',
  eInvoice: false,
  address: { streetName: 'Storgatan 1', postalCode: '123 45', city: 'Stockholm', country: 'SE' },
};

const invalidFields = (details: CustomerDetails) =>
  Object.fromEntries(
    evaluateCustomer(details, context)
      .issues.filter((issue) => issue.severity === 'invalid')
      .map((issue) => [issue.field, issue.code]),
  );

describe('evaluateCustomer: a valid customer', () => {
  it('accepts a Swedish company and stores every identifier normalised', () => {
    const { issues, normalised } = evaluateCustomer(swedishCompany, context);
    assert.deepEqual(issues, []);
    assert.equal(normalised.governmentId, '556036-0793');
    assert.equal(normalised.vatNumber, 'SE556036079301');
    assert.equal(normalised.contactPersonEmail, 'Anna.Berg@volvo.se');
    assert.deepEqual(normalised.address, {
      streetName: 'Assar Gabrielssons väg 9',
      postalCode: '405 31',
      city: 'Göteborg',
      country: 'SE',
    });
    assert.equal(normalised.organizationType, 'within_eu');
    assert.equal(normalised.reverseVat, false);
  });

  it('accepts an individual with a personal identity number, stored as 12 digits, with no organisation type', () => {
    const { issues, normalised } = evaluateCustomer(person, context);
    assert.deepEqual(issues, []);
    assert.equal(normalised.governmentId, '198112189876');
    assert.equal(normalised.organizationType, null);
  });

  it('accepts a co-ordination number for an individual', () => {
    const { normalised, issues } = evaluateCustomer({ ...person, governmentId: '850769-9877' }, context);
    assert.deepEqual(issues, []);
    assert.equal(normalised.governmentId, '198507699877');
  });

  it('accepts an individual without a government id (it is optional for people)', () => {
    assert.deepEqual(evaluateCustomer({ ...person, governmentId: null }, context).issues, []);
  });

  it('accepts a sole trader identified by a personal identity number, with the matching VAT number', () => {
    const soleTrader = { ...swedishCompany, governmentId: '19811218-9876', vatNumber: 'SE811218987601' };
    const { issues, normalised } = evaluateCustomer(soleTrader, context);
    assert.deepEqual(issues, []);
    assert.equal(normalised.governmentId, '198112189876');
  });

  it('keeps a foreign registration number as given (spaces collapsed)', () => {
    const { normalised } = evaluateCustomer({ ...germanCompany, governmentId: '  HRB   12345 B ' }, context);
    assert.equal(normalised.governmentId, 'HRB 12345 B');
  });
});

describe('evaluateCustomer: government id', () => {
  it('refuses an invalid personal identity number for an individual, with the reason', () => {
    const issue = evaluateCustomer({ ...person, governmentId: '811218-9875' }, context).issues[0];
    assert.deepEqual(issue, {
      field: 'governmentId',
      code: 'personal_identity_number_invalid',
      message: 'Not a valid Swedish personal identity or co-ordination number',
      severity: 'invalid',
      problemCode: 2,
      params: { reason: 'invalid_checksum' },
    });
  });

  it('refuses an organisation number for an individual', () => {
    assert.deepEqual(invalidFields({ ...person, governmentId: '556036-0793' }), {
      governmentId: 'personal_identity_number_invalid',
    });
  });

  it('requires an organisation number for Swedish organisations and non-profits', () => {
    assert.deepEqual(invalidFields({ ...swedishCompany, governmentId: null, vatNumber: null }), {
      governmentId: 'government_id_required',
    });
    assert.deepEqual(invalidFields({ ...swedishCompany, type: 'non_profit', governmentId: '', vatNumber: null }), {
      governmentId: 'government_id_required',
    });
  });

  it('refuses a bad check digit in a Swedish organisation number', () => {
    assert.deepEqual(invalidFields({ ...swedishCompany, governmentId: '556036-0794', vatNumber: null }), {
      governmentId: 'organisation_number_invalid',
    });
  });

  it('refuses a personal identity number for a non-profit (an association has an organisation number)', () => {
    assert.deepEqual(
      invalidFields({ ...swedishCompany, type: 'non_profit', governmentId: '811218-9876', vatNumber: null }),
      {
        governmentId: 'organisation_number_invalid',
      },
    );
  });

  it('does not require a registration number from a foreign organisation', () => {
    assert.deepEqual(invalidFields({ ...germanCompany, governmentId: null }), {});
  });

  it('refuses a foreign registration number longer than 40 characters', () => {
    assert.deepEqual(invalidFields({ ...germanCompany, governmentId: 'X'.repeat(41) }), {
      governmentId: 'government_id_invalid',
    });
  });
});

describe('evaluateCustomer: VAT number', () => {
  it('refuses a VAT number for an individual', () => {
    assert.deepEqual(invalidFields({ ...person, vatNumber: 'SE811218987601' }), { vatNumber: 'vat_not_applicable' });
  });

  it('requires a VAT number from a business in another EU country', () => {
    const issue = evaluateCustomer({ ...germanCompany, vatNumber: null }, context).issues[0];
    assert.equal(issue?.code, 'vat_required');
    assert.equal(issue?.problemCode, 15);
    assert.deepEqual(issue?.params, { prefix: 'DE' });
  });

  it('does not require a VAT number from a Swedish business, a non-profit or a business outside the EU', () => {
    assert.deepEqual(invalidFields({ ...swedishCompany, vatNumber: null }), {});
    assert.deepEqual(invalidFields({ ...germanCompany, type: 'non_profit', vatNumber: null }), {});
    const norwegian = {
      ...germanCompany,
      vatNumber: null,
      address: { ...germanCompany.address, country: 'NO', postalCode: '0150' },
    };
    assert.deepEqual(invalidFields(norwegian), {});
  });

  it('refuses a VAT number with a bad check digit, naming the reason and the expected prefix', () => {
    const issue = evaluateCustomer({ ...germanCompany, vatNumber: 'DE123456789' }, context).issues[0];
    assert.equal(issue?.code, 'vat_invalid');
    assert.deepEqual(issue?.params, { reason: 'invalid_checksum', prefix: 'DE' });
  });

  it('refuses a VAT number of another country than the address', () => {
    assert.deepEqual(invalidFields({ ...germanCompany, vatNumber: 'FI12345671' }), {
      vatNumber: 'vat_country_mismatch',
    });
  });

  it('refuses a Swedish VAT number that does not belong to the organisation number', () => {
    assert.deepEqual(invalidFields({ ...swedishCompany, vatNumber: 'SE559999000801' }), {
      vatNumber: 'vat_organisation_number_mismatch',
    });
  });

  it('accepts a Greek VAT number (prefix EL) for an address in Greece (GR)', () => {
    const greek = {
      ...germanCompany,
      vatNumber: 'EL094259216',
      address: { ...germanCompany.address, country: 'GR', postalCode: '105 57' },
    };
    assert.deepEqual(evaluateCustomer(greek, context).issues, []);
  });

  it('keeps a VAT number of a country without a supported format as given', () => {
    const norwegian = {
      ...germanCompany,
      vatNumber: ' NO 923609016 MVA ',
      address: { ...germanCompany.address, country: 'NO', postalCode: '0150' },
    };
    const { issues, normalised } = evaluateCustomer(norwegian, context);
    assert.deepEqual(issues, []);
    assert.equal(normalised.vatNumber, 'NO 923609016 MVA');
  });
});

describe('reverse VAT', () => {
  it('is on by default for an EU business outside Sweden with a valid VAT number', () => {
    const { normalised, issues } = evaluateCustomer(germanCompany, context);
    assert.deepEqual(issues, []);
    assert.equal(normalised.reverseVat, true);
  });

  it('may be turned off for an eligible customer (services taxed in Sweden whoever buys them)', () => {
    assert.equal(evaluateCustomer({ ...germanCompany, reverseVat: false }, context).normalised.reverseVat, false);
  });

  it('is refused with the reason for Swedish customers, individuals and customers outside the EU VAT area', () => {
    const cases: Array<[CustomerDetails, string]> = [
      [{ ...swedishCompany, reverseVat: true }, 'swedish_customer'],
      [
        {
          ...person,
          address: { ...person.address, country: 'DE', postalCode: '10115' },
          governmentId: null,
          reverseVat: true,
        },
        'individual',
      ],
      [
        {
          ...germanCompany,
          address: { ...germanCompany.address, country: 'GB', postalCode: 'SW1A 1AA' },
          vatNumber: 'GB123456782',
          reverseVat: true,
        },
        'outside_eu_vat_area',
      ],
      [
        {
          ...germanCompany,
          address: { ...germanCompany.address, country: 'ES', postalCode: '35001' },
          vatNumber: null,
          reverseVat: true,
        },
        'outside_eu_vat_area',
      ],
      [{ ...germanCompany, type: 'non_profit', vatNumber: null, reverseVat: true }, 'vat_number_missing'],
    ];
    for (const [details, reason] of cases) {
      const issue = evaluateCustomer(details, context).issues.find((i) => i.field === 'reverseVat');
      assert.equal(issue?.code, 'reverse_vat_not_applicable', reason);
      assert.deepEqual(issue?.params, { reason });
    }
  });
});

describe('the EU VAT area', () => {
  it('derives the organisation type from the address and refuses one that contradicts it', () => {
    const canary = {
      ...germanCompany,
      vatNumber: null,
      address: { ...germanCompany.address, country: 'ES', postalCode: '35001' },
    };
    assert.equal(evaluateCustomer(canary, context).normalised.organizationType, 'outside_eu');
    assert.deepEqual(invalidFields({ ...germanCompany, organizationType: 'outside_eu' }), {
      organizationType: 'organization_type_mismatch',
    });
    assert.deepEqual(invalidFields({ ...person, organizationType: 'within_eu' }), {
      organizationType: 'not_applicable',
    });
  });
});

describe('evaluateCustomer: name, emails and address', () => {
  it('requires a name and allows at most 50 characters', () => {
    assert.deepEqual(invalidFields({ ...person, name: '   ' }), { name: 'required' });
    assert.deepEqual(invalidFields({ ...person, name: 'Å'.repeat(50) }), {});
    assert.deepEqual(invalidFields({ ...person, name: 'Å'.repeat(51) }), { name: 'too_long' });
  });

  it('requires an organisation’s contact email and checks both emails', () => {
    assert.deepEqual(invalidFields({ ...swedishCompany, contactPersonEmail: ' ' }), { contactPersonEmail: 'required' });
    assert.deepEqual(invalidFields({ ...swedishCompany, contactPersonEmail: 'anna@' }), {
      contactPersonEmail: 'email_invalid',
    });
    assert.deepEqual(invalidFields({ ...swedishCompany, email: 'not-an-email' }), { email: 'email_invalid' });
  });

  it('asks an individual for one email address, used for invoices and as the contact', () => {
    const one = evaluateCustomer({ ...person, contactPersonEmail: '', email: 'Sven@Example.COM' }, context);
    assert.deepEqual(one.issues, []);
    assert.equal(one.normalised.email, 'Sven@example.com');
    assert.equal(one.normalised.contactPersonEmail, 'Sven@example.com');
    // A client that sends only the contact address for a person is read the same way.
    const onlyContact = evaluateCustomer({ ...person, contactPersonEmail: 'sven@example.com', email: null }, context);
    assert.deepEqual(onlyContact.issues, []);
    assert.equal(onlyContact.normalised.email, 'sven@example.com');
    // A second, different contact address of a person is not kept: the one address wins.
    assert.equal(
      evaluateCustomer({ ...person, contactPersonEmail: 'other@example.com' }, context).normalised.contactPersonEmail,
      'sven@example.com',
    );
    assert.deepEqual(invalidFields({ ...person, contactPersonEmail: '', email: ' ' }), { email: 'required' });
    assert.deepEqual(invalidFields({ ...person, contactPersonEmail: '', email: 'sven@' }), { email: 'email_invalid' });
  });

  it('a stored individual without any address cannot be sent to (problem 3)', () => {
    assert.deepEqual(
      problemCodesOf(customerProblems({ ...person, contactPersonEmail: '', email: null }, context)),
      [3],
    );
  });

  it('saves an organisation without an invoice email but reports it as blocking sending (problem 3)', () => {
    const { issues } = evaluateCustomer({ ...swedishCompany, email: null }, context);
    assert.deepEqual(
      issues.map((i) => [i.field, i.code, i.severity, i.problemCode]),
      [['email', 'email_required_for_sending', 'incomplete', 3]],
    );
  });

  it('a missing invoice email does not block an e-invoice customer: the invoice goes through Peppol', () => {
    const eInvoiced = { ...swedishCompany, email: null, eInvoice: true };
    assert.deepEqual(problemCodesOf(customerProblems(eInvoiced, { ...context, eInvoiceConnected: true })), []);
  });

  it('checks Swedish postal codes and accepts foreign ones as given', () => {
    const issue = evaluateCustomer({ ...person, address: { ...person.address, postalCode: '1234' } }, context)
      .issues[0];
    assert.deepEqual(
      [issue?.field, issue?.code, issue?.problemCode, issue?.params],
      ['address.postalCode', 'postal_code_invalid', 11, { country: 'SE', format: 'NNN NN' }],
    );
    assert.deepEqual(
      invalidFields({ ...germanCompany, address: { ...germanCompany.address, postalCode: 'D-10115' } }),
      {},
    );
  });

  it('refuses a city without letters, and digits in a Swedish city', () => {
    assert.deepEqual(invalidFields({ ...person, address: { ...person.address, city: '12345' } }), {
      'address.city': 'city_invalid',
    });
    assert.deepEqual(invalidFields({ ...person, address: { ...person.address, city: 'Stockholm 1' } }), {
      'address.city': 'city_invalid',
    });
    assert.deepEqual(
      invalidFields({
        ...germanCompany,
        address: { ...germanCompany.address, city: 'Dublin 2', country: 'IE' },
        vatNumber: null,
        type: 'non_profit',
      }),
      {},
    );
  });

  it('refuses an unknown country code and a blank street', () => {
    assert.deepEqual(
      invalidFields({
        ...germanCompany,
        vatNumber: null,
        type: 'non_profit',
        address: { ...germanCompany.address, country: 'XX' },
      }),
      {
        'address.country': 'country_invalid',
      },
    );
    assert.deepEqual(invalidFields({ ...person, address: { ...person.address, streetName: ' - ' } }), {
      'address.streetName': 'street_name_invalid',
    });
  });
});

describe('e-invoices', () => {
  const municipality: CustomerDetails = {
    ...swedishCompany,
    name: 'Stockholms stad',
    governmentId: '212000-0142',
    vatNumber: 'SE212000014201',
  };

  it('reports that a public body must get e-invoices (13), without refusing the save', () => {
    assert.deepEqual(invalidFields(municipality), {});
    assert.deepEqual(problemCodesOf(customerProblems(municipality, context)), [13]);
  });

  it('reports a pending e-invoice connection (16) until the customer is connected', () => {
    assert.deepEqual(problemCodesOf(customerProblems({ ...municipality, eInvoice: true }, context)), [16]);
    assert.deepEqual(
      customerProblems({ ...municipality, eInvoice: true }, { ...context, eInvoiceConnected: true }),
      [],
    );
  });

  it('refuses e-invoices for individuals', () => {
    assert.deepEqual(invalidFields({ ...person, eInvoice: true }), { eInvoice: 'e_invoice_not_available' });
  });

  it('needs something to address an e-invoice by: a participant id, a number that gives one, or a registration number (problem 2)', () => {
    const american: CustomerDetails = {
      ...germanCompany,
      governmentId: null,
      vatNumber: null,
      eInvoice: true,
      address: { streetName: '1 Main Street', postalCode: '10001', city: 'New York', country: 'US' },
    };
    assert.deepEqual(
      customerProblems(american, context).map((p) => [p.problemCode, p.code]),
      [[2, 'government_id_required_for_e_invoice']],
    );
    // A German company's VAT number addresses it (9930): it waits for acceptance, nothing to fix (issue 21).
    assert.deepEqual(
      problemCodesOf(customerProblems({ ...germanCompany, governmentId: null, eInvoice: true }, context)),
      [16],
    );
  });

  // Issue 21: a Norwegian company reachable at 0192:…, a German one an admin gave 9930:…, were asked for a
  // Swedish-style government id. Whatever the country and the details, a recorded participant id addresses the
  // customer: no problem 2 about it, and once accepted, nothing blocks the e-invoice.
  it('a customer with a participant id needs no government id, whatever its country and details (property)', () => {
    const countries = ['SE', 'NO', 'DE', 'DK', 'FI', 'GB', 'US', 'CH', 'FR', 'NL'];
    const participant = fc
      .tuple(fc.constantFrom('0192', '9930', '0088', '0007', '9957', '0208'), fc.stringMatching(/^[A-Z0-9]{4,20}$/))
      .map(([scheme, id]) => `${scheme}:${id}`);
    fc.assert(
      fc.property(
        fc.constantFrom(...countries),
        fc.option(fc.constantFrom('923609016', 'HRB 12345', '5560360793'), { nil: null }),
        fc.option(fc.constantFrom('DE811569869', 'DE123456788'), { nil: null }),
        participant,
        fc.boolean(),
        (country, governmentId, vatNumber, participantId, connected) => {
          const details: CustomerDetails = {
            ...germanCompany,
            governmentId,
            vatNumber: country === 'DE' ? vatNumber : null,
            eInvoice: true,
            address: { ...germanCompany.address, country },
          };
          const problems = customerProblems(details, {
            ...context,
            eInvoiceParticipantId: participantId,
            eInvoiceConnected: connected,
          });
          // The e-invoice's own problems (a Swedish organisation still needs its number for the invoice itself).
          const eInvoiceCodes = ['government_id_required_for_e_invoice', 'e_invoice_connection_pending'];
          const eInvoiceProblems = problems.filter((p) => eInvoiceCodes.includes(p.code));
          assert.deepEqual(
            eInvoiceProblems.map((p) => p.code),
            connected ? [] : ['e_invoice_connection_pending'],
            JSON.stringify(problems),
          );
        },
      ),
    );
  });
});

describe('customerProblems of a stored customer that breaks newer rules', () => {
  it('lists every problem code that blocks sending, ascending, once each', () => {
    const legacy: CustomerDetails = {
      ...germanCompany,
      name: 'A name that was allowed before the fifty character limit came',
      vatNumber: 'DE123456789',
      email: null,
      address: { streetName: '', postalCode: '', city: '1', country: 'DE' },
    };
    assert.deepEqual(problemCodesOf(customerProblems(legacy, context)), [3, 7, 12, 14, 15]);
  });

  it('reports nothing for a customer ready to receive invoices', () => {
    assert.deepEqual(customerProblems(swedishCompany, context), []);
  });
});

describe('changedVerifiedDetails', () => {
  const before = evaluateCustomer(swedishCompany, context).normalised;

  it('ignores a change of formatting only', () => {
    const after = evaluateCustomer(
      { ...swedishCompany, governmentId: '556036-0793', vatNumber: 'SE556036079301' },
      context,
    ).normalised;
    assert.deepEqual(changedVerifiedDetails(before, after), []);
  });

  it('names the identifying details that changed, and ignores language and delivery choices', () => {
    const after = evaluateCustomer(
      {
        ...swedishCompany,
        email: 'ap@volvo.se',
        invoiceLanguage: 'en',
        address: { ...swedishCompany.address, city: 'Torslanda' },
      },
      context,
    ).normalised;
    assert.deepEqual(changedVerifiedDetails(before, after), ['email', 'address.city']);
  });
});
