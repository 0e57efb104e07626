// The dated tables of domain/rates.ts as admins read them: each value with the day it starts, the one in force today
// marked (docs/product/back-office.md#dated-settings). Read-only: a rate changes by a reviewed code change (decision 0010).
import type { components } from '@frilo/openapi/types/api';
import { findDatedEntry, type DatedTable } from '../../domain/dated-table.ts';
import {
  BANK_ACCOUNT_CHANGE_HOLD_HOURS,
  E_INVOICE_ACCEPTANCE_WAIT_BANK_DAYS,
  EMPLOYER_CONTRIBUTION_RULES,
  MILEAGE_ALLOWANCE_PER_10_KM,
  MINIMUM_INVOICE_AMOUNT,
  PENSION_SPECIAL_PAYROLL_TAX_RATE,
  PLATFORM_FEE_RATE,
  REFERENCE_RATE,
  VACATION_PAY_PAYOUT_DAY,
  VACATION_PAY_RATE,
  type EmployerContributionRules,
} from '../../domain/rates.ts';

type Setting = components['schemas']['DatedSetting'];
type Value = Setting['entries'][number]['value'];

function setting<T>(
  key: Setting['key'],
  unit: Setting['unit'],
  table: DatedTable<T>,
  today: string,
  show: (value: T) => Value,
): Setting {
  const current = findDatedEntry(table, today);
  return {
    key,
    unit,
    knownUntil: table.knownUntil,
    entries: table.entries.map((entry) => ({
      validFrom: entry.validFrom,
      current: entry === current,
      value: show(entry.value),
    })),
  };
}

const rules = (value: EmployerContributionRules): Value => ({
  standardRate: value.standardRate,
  olderWorkerRate: value.olderWorkerRate,
  olderWorkerBornFrom: value.olderWorkerBornFrom,
  olderWorkerBornTo: value.olderWorkerBornTo,
  exemptBornUpTo: value.exemptBornUpTo,
  youth: value.youth ? { ...value.youth } : null,
});

export function datedSettings(today: string): components['schemas']['DatedSettings'] {
  const same = <T extends Value>(value: T): Value => value;
  return {
    today,
    settings: [
      setting('platform_fee_rate', 'percent', PLATFORM_FEE_RATE, today, same),
      setting('minimum_invoice_amount', 'sek_ore', MINIMUM_INVOICE_AMOUNT, today, same),
      setting('employer_contributions', 'employer_contribution_rules', EMPLOYER_CONTRIBUTION_RULES, today, rules),
      setting('pension_special_payroll_tax', 'percent', PENSION_SPECIAL_PAYROLL_TAX_RATE, today, same),
      setting('mileage_allowance', 'sek_ore_per_10_km', MILEAGE_ALLOWANCE_PER_10_KM, today, same),
      setting('reference_rate', 'percent', REFERENCE_RATE, today, same),
      setting('vacation_pay_rate', 'percent', VACATION_PAY_RATE, today, same),
      setting('vacation_pay_payout_day', 'payout_day_rule', VACATION_PAY_PAYOUT_DAY, today, same),
      setting('bank_account_change_hold', 'hours', BANK_ACCOUNT_CHANGE_HOLD_HOURS, today, same),
      setting('e_invoice_acceptance_wait', 'bank_days', E_INVOICE_ACCEPTANCE_WAIT_BANK_DAYS, today, same),
    ],
  };
}
