// The one place the invoices module reads the auth module (through its public entry): the freelancer's salary
// settings from the profile.
import type { EntityManager } from '@mikro-orm/postgresql';
import { parsePersonalIdentityNumber } from '../../domain/personal-identity-number.ts';
import type { PayoutPreference } from '../../domain/bank-days.ts';
import type { ReminderInterval } from '../../domain/payment-reminders.ts';
import { invoiceDefaultsOf, salarySettingsOf } from '../auth/public.ts';

export interface Freelancer {
  id: string;
  /** Percent strings as the profile stores them ("30.00"). */
  incomeTaxRate: string;
  pensionRate: string;
  /** `YYYY-MM-DD` from the personal identity number; null while the profile has none (or it is unreadable). */
  birthDate: string | null;
  hasGovernmentId: boolean;
  payoutPreference: PayoutPreference;
  /** "Spara semesterersättning": new salaries set their vacation pay aside. */
  saveVacationPay: boolean;
}

export async function loadFreelancer(em: EntityManager, userId: string, today: string): Promise<Freelancer> {
  const user = await salarySettingsOf(em, userId);
  const person = user.governmentId ? parsePersonalIdentityNumber(user.governmentId, today) : null;
  return {
    id: userId,
    incomeTaxRate: user.incomeTaxRate,
    pensionRate: user.pensionRate,
    birthDate: person?.valid ? person.birthDate : null,
    hasGovernmentId: Boolean(person?.valid),
    payoutPreference: user.payoutPreference === 'payout_immediate' ? 'payout_immediate' : 'payout_monthly',
    saveVacationPay: user.saveVacationPay,
  };
}

/** The freelancer's defaults for a new invoice's payment reminders (the profile's). */
export async function reminderDefaultsOf(
  em: EntityManager,
  userId: string,
): Promise<{ reminderInterval: ReminderInterval | null; reminderFee: boolean }> {
  return invoiceDefaultsOf(em, userId);
}
