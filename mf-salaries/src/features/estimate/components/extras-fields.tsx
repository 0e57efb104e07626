import { useTranslation } from 'react-i18next';
import type { Bound } from '@frilo/ui/form/bound-field';
import { MoneyField } from '@frilo/ui/form/money-field';
import { SelectField } from '@frilo/ui/form/select-field';
import { TextField } from '@frilo/ui/form/text-field';
import { NAMESPACE } from '../../../app/namespace.ts';
import { VAT_RATES } from '../state/calculator.ts';

/** A receipt (incl. VAT, with its VAT rate) and kilometres driven: reimbursed tax-free on top of the salary. */
export function ExtrasFields({
  prefix,
  currency,
  expenses,
  expensesVat,
  mileage,
}: {
  prefix: string;
  currency: string;
  expenses: Bound<string> & { error: string | undefined };
  expensesVat: Bound<string>;
  mileage: Bound<string> & { error: string | undefined };
}) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <div className="salary-calculator__extras">
      <MoneyField
        id={`${prefix}-expenses`}
        label={t('calculator.expenses')}
        optional
        currency={currency}
        min={0}
        {...expenses}
      />
      <SelectField
        id={`${prefix}-expenses-vat`}
        label={t('calculator.expensesVat')}
        value={expensesVat.value}
        onChange={expensesVat.onChange}
        options={VAT_RATES.map((rate) => ({ value: rate, label: `${rate} %` }))}
      />
      <TextField
        id={`${prefix}-mileage`}
        label={t('calculator.mileage')}
        hint={t('calculator.mileageHint')}
        optional
        inputMode="decimal"
        suffix="km"
        autoComplete="off"
        {...mileage}
      />
    </div>
  );
}
