// What a customer's contact vouches for when verifying the customer, and which changes undo that.
import type { CustomerAddress, NormalisedCustomer } from './customer-details.ts';

/**
 * The details a customer's contact confirms when verifying: who the customer is and where invoices go. A change to
 * any of them makes the customer unverified again; the language, e-invoice choice and reverse VAT flag do not.
 */
export const VERIFIED_DETAILS = [
  'type',
  'name',
  'governmentId',
  'vatNumber',
  'email',
  'contactPersonEmail',
  'address.streetName',
  'address.postalCode',
  'address.city',
  'address.country',
] as const;

/** The verified details that differ between two normalised customers (compare normalised values only). */
export function changedVerifiedDetails(before: NormalisedCustomer, after: NormalisedCustomer): string[] {
  const read = (c: NormalisedCustomer, path: string): unknown =>
    path.startsWith('address.')
      ? c.address[path.slice(8) as keyof CustomerAddress]
      : c[path as keyof NormalisedCustomer];
  return VERIFIED_DETAILS.filter((path) => read(before, path) !== read(after, path));
}
