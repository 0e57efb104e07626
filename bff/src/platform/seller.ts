// The platform as the legal seller of every invoice (sweden.md: the umbrella company invoices the customer): name,
// organisation and VAT numbers, address, Bankgiro, F-tax approval, from the environment. Outside production a clearly
// marked demo company stands in; in production every field is required and checked at start-up, because each one is
// printed on invoices that must be legally correct.
import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';
import type { Seller } from '../domain/invoice-document.ts';
import { parseBankgiroNumber } from '../domain/ocr.ts';
import { parseOrganisationNumber } from '../domain/organisation-number.ts';
import { validatePostalCode } from '../domain/postal-code.ts';
import { validateVatNumber, vatNumberMatchesOrganisationNumber } from '../domain/vat-number.ts';

/** A made-up company with valid check digits; never a real one (also what the benchmarks run production with). */
export const DEMO_SELLER_ENV = {
  SELLER_NAME: 'Frilo Demo AB',
  SELLER_ORGANISATION_NUMBER: '5599001236',
  SELLER_STREET: 'Demogatan 1',
  SELLER_POSTAL_CODE: '111 22',
  SELLER_CITY: 'Stockholm',
  SELLER_BANKGIRO: '5050-1238',
  SELLER_IBAN: 'SE45 5000 0000 0583 9825 7466',
  SELLER_BIC: 'ESSESESS',
  SELLER_EMAIL: 'faktura@frilo.example',
  SELLER_F_TAX_APPROVED: 'true',
} as const;

const REQUIRED = [
  'SELLER_NAME',
  'SELLER_ORGANISATION_NUMBER',
  'SELLER_STREET',
  'SELLER_POSTAL_CODE',
  'SELLER_CITY',
  'SELLER_BANKGIRO',
  'SELLER_EMAIL',
  'SELLER_F_TAX_APPROVED',
] as const;

/**
 * The seller from `SELLER_*` variables (see the README table). Production: all of REQUIRED must be set, and
 * `SELLER_F_TAX_APPROVED=true` states the approval the invoices print ("Godkänd för F-skatt"). Elsewhere each missing
 * variable takes the demo company's value. Any value that is set is checked; a wrong one stops the start.
 */
export function loadSeller(env: NodeJS.ProcessEnv, mode: 'development' | 'production' | 'test'): Seller {
  if (mode === 'production') {
    const missing = REQUIRED.filter((name) => !env[name]);
    if (missing.length > 0) throw new Error(`Required in production (the invoices' seller): ${missing.join(', ')}`);
  }
  const value = (name: keyof typeof DEMO_SELLER_ENV): string | undefined =>
    env[name] || (mode === 'production' ? undefined : DEMO_SELLER_ENV[name]);
  const get = (name: keyof typeof DEMO_SELLER_ENV): string => value(name) ?? '';
  const fail = (name: string, why: string): never => {
    throw new Error(`${name}: ${why}`);
  };

  if (get('SELLER_F_TAX_APPROVED') !== 'true') {
    fail('SELLER_F_TAX_APPROVED', 'must be "true": every invoice states "Godkänd för F-skatt"');
  }
  const organisation = parseOrganisationNumber(get('SELLER_ORGANISATION_NUMBER'));
  if (!organisation.valid) fail('SELLER_ORGANISATION_NUMBER', 'not a Swedish organisation number');
  const organisationNumber = organisation.valid ? organisation.normalised.replace('-', '') : '';
  const vatNumber = (env.SELLER_VAT_NUMBER || `SE${organisationNumber}01`).replace(/\s/g, '').toUpperCase();
  if (!validateVatNumber(vatNumber).valid || !vatNumberMatchesOrganisationNumber(vatNumber, organisationNumber)) {
    fail('SELLER_VAT_NUMBER', 'must be SE + the organisation number + 01');
  }
  const postal = validatePostalCode(get('SELLER_POSTAL_CODE'), 'SE');
  if (!postal.valid) fail('SELLER_POSTAL_CODE', 'not a Swedish postal code');
  const bankgiro = parseBankgiroNumber(get('SELLER_BANKGIRO'));
  if (!bankgiro.valid) fail('SELLER_BANKGIRO', 'not a Bankgiro number');
  const iban = value('SELLER_IBAN') ? electronicFormatIBAN(get('SELLER_IBAN')) : undefined;
  const bic = value('SELLER_BIC')?.replace(/\s/g, '').toUpperCase();
  if (iban !== undefined && (iban === null || !isValidIBAN(iban))) fail('SELLER_IBAN', 'not a valid IBAN');
  if ((iban === undefined) !== (bic === undefined)) fail('SELLER_IBAN', 'SELLER_IBAN and SELLER_BIC go together');
  if (bic !== undefined && !isValidBIC(bic)) fail('SELLER_BIC', 'not a valid BIC');
  const email = get('SELLER_EMAIL');
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) fail('SELLER_EMAIL', 'not an email address');

  return {
    name: get('SELLER_NAME').trim(),
    organisationNumber,
    vatNumber,
    address: {
      street: get('SELLER_STREET').trim(),
      postalCode: postal.valid ? postal.normalised : '',
      city: get('SELLER_CITY').trim(),
      country: 'SE',
    },
    approvedForFTax: true,
    bankgiro: bankgiro.valid ? bankgiro.digits : '',
    ...(iban && bic ? { iban, bic } : {}),
    endpoint: { scheme: '0007', id: organisationNumber },
    contact: { email, ...(env.SELLER_PHONE ? { phone: env.SELLER_PHONE.trim() } : {}) },
  };
}
