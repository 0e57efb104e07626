import { useTranslation } from 'react-i18next';
import { useShell } from '@frilo/ui/shell-context';
import { NAMESPACE } from '../../../app/namespace.ts';
import { day, percent } from '../../../lib/format.ts';
import { formatMoney as money, formatSek as sek } from '@frilo/ui/money';
import type { SalaryEstimate } from '../api/estimate.ts';

/** An estimate's figures from the invoice amount down to the payout, and the rates it used. */
export function EstimateFigures({ estimate, testId }: { estimate: SalaryEstimate; testId: string }) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useShell();
  const line = (key: string, minor: number, kind: 'plain' | 'minus' | 'total' | 'part' = 'plain', label?: string) => (
    <div
      className={kind === 'total' ? 'salary-figures__total' : kind === 'part' ? 'salary-figures__part' : undefined}
      data-figure={key}
    >
      <dt>{label ?? t(`figures.${key}`)}</dt>
      <dd>{sek(kind === 'minus' ? -minor : minor, locale)}</dd>
    </div>
  );
  const { rates } = estimate;
  return (
    <div data-testid={testId} aria-live="polite">
      <dl className="salary-figures">
        {line('amount', estimate.amount)}
        {/* The receipts' VAT comes back to the platform: with it every line down to the gross salary adds up. */}
        {estimate.deductibleInputVat > 0 && line('deductibleInputVat', estimate.deductibleInputVat)}
        {line('commissionAmount', estimate.commissionAmount, 'minus')}
        {line('socialFeeAmount', estimate.socialFeeAmount, 'minus')}
        {line('pensionAmount', estimate.pensionAmount, 'minus')}
        {line('pensionTaxAmount', estimate.pensionTaxAmount, 'minus')}
        {estimate.reimbursements > 0 && line('reimbursementsOut', estimate.reimbursements, 'minus')}
        {line('grossSalary', estimate.grossSalary, 'total')}
        {/* The gross is the salary for the work plus the vacation pay on it (12 %), shown openly. */}
        {line('salaryExcludingVacationPay', estimate.salaryExcludingVacationPay, 'part')}
        {line(
          'vacationPayAmount',
          estimate.vacationPayAmount,
          'part',
          t('figures.vacationPayAmount', { rate: percent(rates.vacationPay, locale) }),
        )}
        {estimate.savedVacationPayAmount > 0 &&
          line('savedVacationPayAmount', estimate.savedVacationPayAmount, 'minus')}
        {line('incomeTaxAmount', estimate.incomeTaxAmount, 'minus')}
        {line('netSalary', estimate.netSalary, 'total')}
        {estimate.reimbursements > 0 && line('reimbursements', estimate.reimbursements)}
        {line('payout', estimate.payout, 'total')}
      </dl>
      <p className="salary-detail__rates">
        {t('figures.ratesUsed', {
          fee: percent(rates.fee, locale),
          employer: percent(rates.employerContribution, locale),
          pension: percent(rates.pension, locale),
          tax: percent(rates.incomeTax, locale),
        })}{' '}
        {t('figures.pensionTax', { rate: percent(rates.pensionSpecialPayrollTax, locale) })}
        {estimate.exchangeRate &&
          ` ${t('figures.exchangeRate', {
            currency: estimate.exchangeRate.currency,
            rate: estimate.exchangeRate.sekPerUnit.replace('.', locale === 'sv' ? ',' : '.'),
            date: day(estimate.exchangeRate.date, locale),
          })}`}
      </p>
      {estimate.savedVacationPayAmount > 0 && (
        <p className="salary-detail__rates" data-testid="saved-note">
          {t('figures.savedNote', {
            amount: sek(estimate.savedVacationPayAmount, locale),
            contributions: sek(estimate.savedVacationPaySocialFeeAmount, locale),
          })}
        </p>
      )}
      {estimate.campaignCode && (
        <p className="salary-detail__rates">{t('figures.campaignCode', { code: estimate.campaignCode })}</p>
      )}
      {estimate.exchangeRate && (
        <p className="salary-detail__rates">
          {t('figures.invoiceAmount', {
            amount: money(estimate.invoiceAmount.amount, estimate.invoiceAmount.currency, locale),
          })}
        </p>
      )}
      {estimate.assumptions.includes('birth_date_unknown') && (
        <p className="salary-detail__rates">{t('figures.birthDateUnknown')}</p>
      )}
    </div>
  );
}
