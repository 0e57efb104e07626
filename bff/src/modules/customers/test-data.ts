// Customers the API tests create: one of each kind, with identifiers whose check digits are right.

export const swedishCompany = {
  type: 'organization',
  name: 'Volvo Personvagnar AB',
  governmentId: '5560360793',
  vatNumber: 'se 556036-0793 01',
  contactPersonEmail: 'anna.berg@volvo.se',
  email: 'invoices@volvo.se',
  invoiceLanguage: 'sv',
  address: { streetName: 'Assar Gabrielssons väg 9', postalCode: '40531', city: 'Göteborg', country: 'SE' },
} as const;

export const germanCompany = {
  type: 'organization',
  name: 'Beispiel GmbH',
  vatNumber: 'DE123456788',
  contactPersonEmail: 'kontakt@beispiel.de',
  email: 'rechnung@beispiel.de',
  invoiceLanguage: 'en',
  address: { streetName: 'Hauptstraße 1', postalCode: '10115', city: 'Berlin', country: 'DE' },
} as const;

export const norwegianCompany = {
  type: 'organization',
  name: 'Kunde AS',
  governmentId: '923609016',
  contactPersonEmail: 'post@kunde.no',
  email: 'faktura@kunde.no',
  invoiceLanguage: 'en',
  address: { streetName: 'Karl Johans gate 1', postalCode: '0155', city: 'Oslo', country: 'NO' },
} as const;

export const person = {
  type: 'individual',
  name: 'Sven Svensson',
  governmentId: '811218-9876',
  contactPersonEmail: 'sven@example.com',
  email: 'sven@example.com',
  invoiceLanguage: 'sv',
  address: { streetName: 'Storgatan 1', postalCode: '123 45', city: 'Stockholm', country: 'SE' },
} as const;
