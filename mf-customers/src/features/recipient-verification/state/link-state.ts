// The public verification page's rules without React: what a failed link means to the person who
// opened it, and which corrections a changed form sends.
import type { ApiFailure } from '@frilo/ui/form/api-result';
import type { InvoiceLanguage } from '../../../lib/customer-types.ts';
import type { DetailsValues } from '../../../lib/validation.ts';
import type { PublicRecipientConfirmation, PublicRecipientDetails } from '../api/public-recipient.ts';

/** Why a link shows no form, each with its own explanation (`verify.link.<reason>`). */
export const LINK_PROBLEMS = ['not_found', 'used', 'expired', 'superseded', 'unavailable', 'unreachable'] as const;
export type LinkProblem = (typeof LINK_PROBLEMS)[number];

export function linkProblemOf(failure: Pick<ApiFailure, 'status' | 'problem'>): LinkProblem {
  switch (failure.problem?.code) {
    case 'verification_link_used':
      return 'used';
    case 'verification_link_expired':
      return 'expired';
    case 'verification_link_superseded':
      return 'superseded';
    case 'recipient_unavailable':
      return 'unavailable';
    case 'verification_link_not_found':
      return 'not_found';
  }
  // A link too mangled for the contract (400) is as unknown as one that does not exist.
  if (failure.status === 404 || failure.status === 400) return 'not_found';
  if (failure.status === 410) return 'used';
  return 'unreachable';
}

export type CorrectionValues = Omit<DetailsValues, 'type'> & { invoiceLanguage: InvoiceLanguage };

export function correctionValues(recipient: PublicRecipientDetails): CorrectionValues {
  return {
    name: recipient.name,
    governmentId: recipient.governmentId ?? '',
    vatNumber: recipient.vatNumber ?? '',
    email: recipient.email ?? '',
    invoiceLanguage: recipient.invoiceLanguage,
    streetName: recipient.address.streetName,
    postalCode: recipient.address.postalCode,
    city: recipient.address.city,
    country: recipient.address.country,
  };
}

const orNull = (value: string) => (value.trim() ? value.trim() : null);

/**
 * Only what was changed ("what is left out is confirmed as shown"); the address goes as a whole
 * when any part of it changed. A locked government id and an individual's VAT number are never sent.
 */
export function corrections(
  recipient: PublicRecipientDetails,
  values: CorrectionValues,
  governmentIdLocked: boolean,
): NonNullable<PublicRecipientConfirmation['corrections']> {
  const before = correctionValues(recipient);
  const changed = (field: keyof CorrectionValues) => String(values[field]).trim() !== String(before[field]).trim();
  const out: NonNullable<PublicRecipientConfirmation['corrections']> = {};
  if (changed('name')) out.name = values.name.trim();
  if (changed('governmentId') && !governmentIdLocked) out.governmentId = orNull(values.governmentId);
  if (changed('vatNumber') && recipient.type !== 'individual') out.vatNumber = orNull(values.vatNumber);
  if (changed('email')) out.email = orNull(values.email);
  if (changed('invoiceLanguage')) out.invoiceLanguage = values.invoiceLanguage;
  if (changed('streetName') || changed('postalCode') || changed('city') || changed('country')) {
    out.address = {
      streetName: values.streetName.trim(),
      postalCode: values.postalCode.trim(),
      city: values.city.trim(),
      country: values.country,
    };
  }
  return out;
}
