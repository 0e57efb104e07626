import { useTranslation } from 'react-i18next';
import { formatRate } from '@frilo/ui/form/number-format';
import { useUiLocale } from '@frilo/ui/ui-text';
import { NAMESPACE } from '../../../app/namespace.ts';
import type { SalaryEstimate } from '../api/wizard-api.ts';
import { formatDate } from '../state/dates.ts';
import { MoneyText } from './money-text.tsx';

/**
 * The salary the invoice gives, part by part (all SEK): fee, employer contributions, pension, the gross with its vacation
 * pay, the vacation pay saved, tax, net, reimbursements.
 */
export function SalaryBreakdown({ estimate }: { estimate: SalaryEstimate }) {
  const { t } = useTranslation(NAMESPACE);
  const locale = useUiLocale();
  const rate = (value: number) => `${formatRate(value, locale)}\u00a0%`;
  const line = (label: string, amount: number, sign: '' | '−' | '+' = '−', className?: string) => (
    <div className={className}>
      <dt>{label}</dt>
      <dd>
        {sign && amount !== 0 ? `${sign} ` : ''}
        <MoneyText amount={amount} currency="SEK" />
      </dd>
    </div>
  );
  return (
    <>
      <dl className="wizard-salary">
        {line(t('wizard.salary.amount'), estimate.amount, '')}
        {/* The receipts' VAT comes back to the platform and what it pays back comes off before the salary, so every
            line from the amount down to the gross salary adds up to the öre. */}
        {estimate.deductibleInputVat > 0 &&
          line(t('wizard.salary.deductibleInputVat'), estimate.deductibleInputVat, '+')}
        {line(t('wizard.salary.fee', { rate: rate(estimate.rates.fee) }), estimate.commissionAmount)}
        {estimate.reimbursements > 0 && line(t('wizard.salary.reimbursementsOut'), estimate.reimbursements)}
        {line(
          t('wizard.salary.socialFee', { rate: rate(estimate.employerContributionRate) }),
          estimate.socialFeeAmount,
        )}
        {estimate.pensionAmount > 0 &&
          line(t('wizard.salary.pension', { rate: rate(estimate.rates.pension) }), estimate.pensionAmount)}
        {estimate.pensionTaxAmount > 0 &&
          line(
            t('wizard.salary.pensionTax', { rate: rate(estimate.rates.pensionSpecialPayrollTax) }),
            estimate.pensionTaxAmount,
          )}
        {line(t('wizard.salary.gross'), estimate.grossSalary, '', 'wizard-salary__sum')}
        {/* The gross is the salary for the work plus the vacation pay on it (12 %), shown openly (issue 25). */}
        {line(
          t('wizard.salary.salaryExcludingVacationPay'),
          estimate.salaryExcludingVacationPay,
          '',
          'wizard-salary__part',
        )}
        {line(
          t('wizard.salary.vacationPay', { rate: rate(estimate.rates.vacationPay) }),
          estimate.vacationPayAmount,
          '',
          'wizard-salary__part',
        )}
        {estimate.savedVacationPayAmount > 0 &&
          line(t('wizard.salary.savedVacationPay'), estimate.savedVacationPayAmount)}
        {line(t('wizard.salary.incomeTax', { rate: rate(estimate.rates.incomeTax) }), estimate.incomeTaxAmount)}
        {line(t('wizard.salary.net'), estimate.netSalary, '', 'wizard-salary__sum')}
        {estimate.reimbursements > 0 && line(t('wizard.salary.reimbursements'), estimate.reimbursements, '')}
        {line(t('wizard.salary.payout'), estimate.payout, '', 'wizard-salary__total')}
      </dl>
      <p className="wizard-note">
        {t('wizard.salary.paymentDate', { date: formatDate(estimate.paymentDate, locale) })}
        {estimate.exchangeRate &&
          ` ${t('wizard.salary.exchangeRate', {
            currency: estimate.exchangeRate.currency,
            rate: formatRate(estimate.exchangeRate.sekPerUnit, locale),
            date: formatDate(estimate.exchangeRate.date, locale),
          })}`}
        {estimate.campaignCode && ` ${t('wizard.salary.campaignCode', { code: estimate.campaignCode })}`}
        {estimate.assumptions.includes('birth_date_unknown') && ` ${t('wizard.salary.birthDateUnknown')}`}
      </p>
    </>
  );
}
