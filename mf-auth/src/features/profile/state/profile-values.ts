// The profile as one form: every detail the user can change (name, contact, address, personnummer,
// salary settings, language) as typed strings, the checks made before sending, and the one update
// that carries only what changed since the last save (the BFF stores it in one transaction).
import type { Locale } from '@frilo/openapi/shell-contract';
import { checkRequired, withoutEmpty, type Issues } from '@frilo/ui/form/issues';
import { HOME_COUNTRY } from '@frilo/ui/countries';
import type { Profile, ProfileUpdate } from '../api/profile.ts';
import { formatGovernmentId } from '../government-id.ts';
import { formatRate, INCOME_TAX_BOUNDS, parseRate, PENSION_BOUNDS } from '../rates.ts';
import { checkEmail } from '../../../lib/validation.ts';

export type Payout = Profile['payoutPreference'];
/** The default of new invoices' payment reminders: none, or the first 7 or 14 days after the due date. */
export type ReminderChoice = 'off' | '7' | '14';

export type ProfileValues = {
  firstName: string;
  lastName: string;
  alternateEmail: string;
  phoneNumber: string;
  streetName: string;
  postalCode: string;
  city: string;
  country: string;
  governmentId: string;
  incomeTaxRate: string;
  pensionRate: string;
  payoutPreference: Payout;
  saveVacationPay: boolean;
  reminderInterval: ReminderChoice;
  reminderFee: boolean;
  preferredLocale: Locale;
};

/** The fields in the order they appear on the page (focus goes to the first one to fix). */
export const FIELD_ORDER: readonly (keyof ProfileValues)[] = [
  'phoneNumber',
  'firstName',
  'lastName',
  'alternateEmail',
  'streetName',
  'postalCode',
  'city',
  'country',
  'governmentId',
  'incomeTaxRate',
  'pensionRate',
  'payoutPreference',
  'saveVacationPay',
  'reminderInterval',
  'reminderFee',
  'preferredLocale',
];

const ADDRESS_FIELDS = ['streetName', 'postalCode', 'city', 'country'] as const;

/** Like the BFF's domain/postal-code.ts for Sweden: five digits, the first not 0, maybe a space. */
const SWEDISH_POSTAL_CODE = /^[1-9]\d{2} ?\d{2}$/;

/** The translation scope of each field's texts (the page's cards). */
export function scopeOf(field: keyof ProfileValues): string {
  if (field === 'phoneNumber') return 'profile.phone';
  if (field === 'governmentId') return 'profile.governmentId';
  if (field === 'preferredLocale') return 'profile.language';
  if (field === 'reminderInterval' || field === 'reminderFee') return 'profile.reminders';
  if ((ADDRESS_FIELDS as readonly string[]).includes(field)) return 'profile.address';
  if (
    field === 'incomeTaxRate' ||
    field === 'pensionRate' ||
    field === 'payoutPreference' ||
    field === 'saveVacationPay'
  )
    return 'profile.salary';
  return 'profile.personal';
}

export function fromProfile(p: Profile, locale: Locale): ProfileValues {
  return {
    firstName: p.firstName ?? '',
    lastName: p.lastName ?? '',
    alternateEmail: p.alternateEmail ?? '',
    phoneNumber: p.phoneNumber ?? '',
    streetName: p.address?.streetName ?? '',
    postalCode: p.address?.postalCode ?? '',
    city: p.address?.city ?? '',
    country: p.address?.country ?? HOME_COUNTRY,
    governmentId: formatGovernmentId(p.governmentId),
    incomeTaxRate: formatRate(p.incomeTaxRate, locale),
    pensionRate: formatRate(p.pensionRate, locale),
    payoutPreference: p.payoutPreference,
    saveVacationPay: p.saveVacationPay,
    reminderInterval: p.reminderInterval === 7 ? '7' : p.reminderInterval === 14 ? '14' : 'off',
    reminderFee: p.reminderFee,
    preferredLocale: p.preferredLocale,
  };
}

function addressTouched(v: ProfileValues, saved: ProfileValues): boolean {
  return ADDRESS_FIELDS.some((name) => v[name] !== saved[name]);
}

/** What the user must fix before anything is sent; a section left as it was is never in the way. */
export function validateProfile(v: ProfileValues, saved: ProfileValues): Issues<ProfileValues> {
  const address = addressTouched(v, saved);
  const tax = parseRate(v.incomeTaxRate, INCOME_TAX_BOUNDS);
  const pension = parseRate(v.pensionRate, PENSION_BOUNDS);
  return withoutEmpty({
    firstName: checkRequired(v.firstName),
    lastName: checkRequired(v.lastName),
    alternateEmail: v.alternateEmail.trim() ? checkEmail(v.alternateEmail) : undefined,
    // Once given, a phone number can be changed but not taken away.
    phoneNumber: saved.phoneNumber ? checkRequired(v.phoneNumber) : undefined,
    streetName: address ? checkRequired(v.streetName) : undefined,
    postalCode: address
      ? (checkRequired(v.postalCode) ??
        (v.country === HOME_COUNTRY && !SWEDISH_POSTAL_CODE.test(v.postalCode.trim())
          ? { code: 'postal_code_invalid' }
          : undefined))
      : undefined,
    city: address ? checkRequired(v.city) : undefined,
    country: address ? checkRequired(v.country) : undefined,
    governmentId: saved.governmentId ? checkRequired(v.governmentId) : undefined,
    incomeTaxRate: tax.ok ? undefined : tax.issue,
    pensionRate: pension.ok ? undefined : pension.issue,
  });
}

/** Only what changed since the last save, so one request stores every edited section at once. */
export function toUpdate(v: ProfileValues, saved: ProfileValues): ProfileUpdate {
  const update: ProfileUpdate = {};
  if (v.firstName !== saved.firstName) update.firstName = v.firstName.trim();
  if (v.lastName !== saved.lastName) update.lastName = v.lastName.trim();
  if (v.alternateEmail !== saved.alternateEmail) update.alternateEmail = v.alternateEmail.trim() || null;
  if (v.phoneNumber !== saved.phoneNumber) update.phoneNumber = v.phoneNumber.trim() || null;
  if (addressTouched(v, saved)) {
    update.address = {
      streetName: v.streetName.trim(),
      postalCode: v.postalCode.trim(),
      city: v.city.trim(),
      country: v.country,
    };
  }
  if (v.governmentId !== saved.governmentId && v.governmentId.trim()) update.governmentId = v.governmentId.trim();
  const tax = parseRate(v.incomeTaxRate, INCOME_TAX_BOUNDS);
  const savedTax = parseRate(saved.incomeTaxRate, INCOME_TAX_BOUNDS);
  if (tax.ok && (!savedTax.ok || tax.value !== savedTax.value)) update.incomeTaxRate = tax.value;
  const pension = parseRate(v.pensionRate, PENSION_BOUNDS);
  const savedPension = parseRate(saved.pensionRate, PENSION_BOUNDS);
  if (pension.ok && (!savedPension.ok || pension.value !== savedPension.value)) update.pensionRate = pension.value;
  if (v.payoutPreference !== saved.payoutPreference) update.payoutPreference = v.payoutPreference;
  if (v.saveVacationPay !== saved.saveVacationPay) update.saveVacationPay = v.saveVacationPay;
  if (v.reminderInterval !== saved.reminderInterval) {
    update.reminderInterval = v.reminderInterval === '7' ? 7 : v.reminderInterval === '14' ? 14 : null;
  }
  if (v.reminderFee !== saved.reminderFee) update.reminderFee = v.reminderFee;
  if (v.preferredLocale !== saved.preferredLocale) update.preferredLocale = v.preferredLocale;
  return update;
}

/** An API error path (`address.postalCode`) → the field that shows it. */
export function fieldOfPath(path: string): keyof ProfileValues | undefined {
  const name = path.replace(/^address\./, '');
  return (FIELD_ORDER as readonly string[]).includes(name) ? (name as keyof ProfileValues) : undefined;
}
