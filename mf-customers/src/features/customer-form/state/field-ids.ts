// The id of each field's input in the customer form (`<form id>-<field>`), so other parts of the
// page (the list of what blocks sending) can take the user to it.

const SUFFIXES: Readonly<Record<string, string>> = {
  name: 'name',
  governmentId: 'government-id',
  vatNumber: 'vat-number',
  reverseVat: 'reverse-vat',
  contactPersonEmail: 'contact-email',
  email: 'email',
  'address.streetName': 'street',
  'address.postalCode': 'postal-code',
  'address.city': 'city',
  'address.country': 'country',
};

/** The input for an API field path in the form `formId`; the delivery choice is a radio group of its own. */
export function inputIdOf(formId: string, field: string): string | null {
  if (field === 'eInvoice') return 'delivery-pdf';
  const suffix = SUFFIXES[field];
  return suffix ? `${formId}-${suffix}` : null;
}
