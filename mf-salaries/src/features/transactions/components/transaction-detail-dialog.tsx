import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@frilo/ui/alert';
import { Button, buttonClass } from '@frilo/ui/button';
import { failureCode } from '@frilo/ui/form/api-result';
import { LoadingIndicator } from '@frilo/ui/loading';
import { DialogActions, ModalDialog } from '@frilo/ui/modal-dialog';
import { useShell } from '@frilo/ui/shell-context';
import { NAMESPACE } from '../../../app/namespace.ts';
import { day, percent } from '../../../lib/format.ts';
import { formatMoney as money, formatSek as sek } from '@frilo/ui/money';
import { StatusLabel } from './status-label.tsx';
import {
  getTransaction,
  payslipUrl,
  type SalaryTransaction,
  type SalaryTransactionDetail,
} from '../api/transactions.ts';

/** One row opened (getSalaryTransaction): a salary's figures and the rates it was computed with, or a payout's items. */
export function TransactionDetailDialog({ row, onClose }: { row: SalaryTransaction | null; onClose: () => void }) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useShell();
  const [detail, setDetail] = useState<SalaryTransactionDetail | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (!row) return;
    let current = true;
    setDetail(null);
    setFailure(null);
    void getTransaction(row.id).then((result) => {
      if (!current) return;
      if (result.ok) setDetail(result.data);
      else setFailure(failureCode(result));
    });
    return () => {
      current = false;
    };
  }, [row]);

  const salary = detail?.salary;
  const payout = detail?.payout;
  const line = (label: string, minor: number, kind: boolean | 'part' = false) => (
    <div className={kind === 'part' ? 'salary-figures__part' : kind ? 'salary-figures__total' : undefined}>
      <dt>{label}</dt>
      <dd>{sek(minor, locale)}</dd>
    </div>
  );

  return (
    <ModalDialog open={row !== null} onClose={onClose} titleId="transaction-detail-title">
      {row && (
        <>
          <h2 id="transaction-detail-title">{t(`detail.title.${row.kind}`, { reference: row.reference })}</h2>
          <p className="salary-detail__status">
            <StatusLabel row={row} />
          </p>
          {failure && (
            <Alert>
              <p>{t([`errors.form.${failure}`, 'errors.form.generic'])}</p>
            </Alert>
          )}
          {!detail && !failure && <LoadingIndicator />}
          {salary && (
            <>
              <p className="salary-detail__lead">
                {t('detail.paidOn', {
                  date: day(salary.paymentDate, locale),
                  amount: money(salary.invoicePayment.amount, salary.invoicePayment.currency, locale),
                })}
              </p>
              <dl className="salary-figures">
                {line(t('figures.amount'), salary.amount)}
                {/* With the receipts' VAT and the reimbursements every line down to the gross salary adds up. */}
                {salary.deductibleInputVat > 0 && line(t('figures.deductibleInputVat'), salary.deductibleInputVat)}
                {line(t('figures.commissionAmount'), -salary.commissionAmount)}
                {salary.reimbursements > 0 && line(t('figures.reimbursementsOut'), -salary.reimbursements)}
                {line(t('figures.socialFeeAmount'), -salary.socialFeeAmount)}
                {line(t('figures.pensionAmount'), -salary.pensionAmount)}
                {line(t('figures.pensionTaxAmount'), -salary.pensionTaxAmount)}
                {line(t('figures.grossSalary'), salary.grossSalary, true)}
                {line(t('figures.salaryExcludingVacationPay'), salary.salaryExcludingVacationPay, 'part')}
                {line(
                  t('figures.vacationPayAmount', { rate: percent(salary.rates.vacationPay, locale) }),
                  salary.vacationPayAmount,
                  'part',
                )}
                {salary.savedVacationPayAmount > 0 &&
                  line(t('figures.savedVacationPayAmount'), -salary.savedVacationPayAmount)}
                {line(t('figures.incomeTaxAmount'), -salary.incomeTaxAmount)}
                {line(t('figures.netSalary'), salary.netSalary, true)}
                {salary.reimbursements > 0 && line(t('figures.reimbursements'), salary.reimbursements)}
                {line(t('figures.payout'), salary.payout, true)}
              </dl>
              {salary.savedVacationPayAmount > 0 && (
                <p className="salary-detail__rates">
                  {t(salary.vacationPayPayoutId ? 'figures.savedPaidOut' : 'figures.savedNote', {
                    amount: sek(salary.savedVacationPayAmount, locale),
                    contributions: sek(salary.savedVacationPaySocialFeeAmount, locale),
                  })}
                </p>
              )}
              <p className="salary-detail__rates">
                {t('figures.ratesUsed', {
                  fee: percent(salary.rates.fee, locale),
                  employer: percent(salary.rates.employerContribution, locale),
                  pension: percent(salary.rates.pension, locale),
                  tax: percent(salary.rates.incomeTax, locale),
                })}
                {salary.exchangeRate &&
                  ` ${t('figures.exchangeRate', {
                    currency: salary.exchangeRate.currency,
                    rate: salary.exchangeRate.sekPerUnit.replace('.', locale === 'sv' ? ',' : '.'),
                    date: day(salary.exchangeRate.date, locale),
                  })}`}
              </p>
            </>
          )}
          {payout && (
            <div className="salary-detail__payout">
              <h3>{t('detail.payout', { reference: payout.reference })}</h3>
              <p>
                {t('detail.payoutLine', {
                  amount: sek(payout.amount, locale),
                  date: day(payout.executionDate, locale),
                  account: payout.account ?? '–',
                })}
              </p>
              {payout.vacationPay && (
                <p data-testid="vacation-pay-payout">
                  {t('detail.vacationPayLine', {
                    gross: sek(payout.vacationPay.grossAmount, locale),
                    tax: sek(payout.vacationPay.incomeTaxAmount, locale),
                    rate: percent(payout.vacationPay.incomeTaxRate, locale),
                  })}
                </p>
              )}
              {payout.statusReason && <p>{t('detail.reason', { reason: payout.statusReason })}</p>}
              {row.kind === 'payout' && (
                <ul className="salary-detail__items">
                  {payout.items.map((item) => (
                    <li key={item.salaryItemId}>
                      {t('detail.item', {
                        number: item.invoiceNumber ?? '–',
                        customer: item.customerName,
                        date: day(item.paymentDate, locale),
                        amount: sek(item.amount, locale),
                      })}
                    </li>
                  ))}
                </ul>
              )}
            </div>
          )}
          <DialogActions>
            {row.payoutId && (
              <a href={payslipUrl(row.payoutId)} className={buttonClass()} download>
                {t('payslip')}
              </a>
            )}
            <Button variant="primary" onClick={onClose}>
              {t('detail.close')}
            </Button>
          </DialogActions>
        </>
      )}
    </ModalDialog>
  );
}
