import { useTranslation } from 'react-i18next';
import { Alert } from '@frilo/ui/alert';
import { Card } from '@frilo/ui/card';
import { fieldMessage } from '@frilo/ui/form/messages';
import { MoneyField } from '@frilo/ui/form/money-field';
import { RadioGroupField } from '@frilo/ui/form/radio-group-field';
import { SelectField } from '@frilo/ui/form/select-field';
import { useForm } from '@frilo/ui/form/use-form';
import { useMessage } from '@frilo/ui/form/use-message';
import { useShell } from '@frilo/ui/shell-context';
import { NAMESPACE } from '../../../app/namespace.ts';
import { formatSek as sek } from '@frilo/ui/money';
import { SalaryPage } from '../../navigation/components/salary-page.tsx';
import { estimateInvoiceAmount, estimateSalary } from '../api/estimate.ts';
import {
  CURRENCIES,
  INITIAL_INVERSE,
  INITIAL_SALARY,
  inverseRequest,
  salaryRequest,
  type InverseValues,
  type SalaryValues,
} from '../state/calculator.ts';
import { EstimateFigures } from './estimate-figures.tsx';
import { ExtrasFields } from './extras-fields.tsx';
import { useLiveEstimate } from './use-live-estimate.ts';

/**
 * /dashboard/salaries/estimate: the calculator both ways, live as you type. The figures are the BFF's (the same
 * salary function as real payouts), so what is shown here is what a payment of that invoice would give.
 */
export function Estimate() {
  const { t } = useTranslation(NAMESPACE);
  const message = useMessage();
  const { locale } = useShell();
  // A calculator saves nothing: useForm keeps the values as typed and binds the fields; nothing is submitted.
  const salary = useForm<SalaryValues, null>({
    initial: INITIAL_SALARY,
    send: async () => ({ ok: true, data: null, status: 200 }),
  });
  const inverse = useForm<InverseValues, null>({
    initial: INITIAL_INVERSE,
    send: async () => ({ ok: true, data: null, status: 200 }),
  });

  const salaryParsed = salaryRequest(salary.values, locale);
  const inverseParsed = inverseRequest(inverse.values, locale);
  const forward = useLiveEstimate(salaryParsed?.ok ? salaryParsed.value : null, estimateSalary);
  const backward = useLiveEstimate(inverseParsed?.ok ? inverseParsed.value : null, estimateInvoiceAmount);

  // A field's issue shows once something readable was expected of it (the kit's wording, per field).
  const withIssue = <F extends SalaryValues | InverseValues>(
    form: { bind: (name: keyof F & string) => ReturnType<typeof salary.bind> },
    parsed: ReturnType<typeof salaryRequest> | ReturnType<typeof inverseRequest>,
    name: keyof F & string,
  ) => {
    const bound = form.bind(name);
    const issue =
      parsed && !parsed.ok ? (parsed.issues as Record<string, { code: string } | undefined>)[name] : undefined;
    return { ...bound, error: issue ? message(fieldMessage(name, issue, { form: 'calculator' })) : bound.error };
  };

  const currency = salary.values.currency;
  const unit = (code: string) => (code === 'SEK' ? 'kr' : code);
  const result = backward.data;
  return (
    <SalaryPage>
      <div className="salary-calculator">
        <Card labelledBy="calculator-forward-title">
          <h2 id="calculator-forward-title">{t('calculator.forward.title')}</h2>
          <p className="salary-muted">{t('calculator.forward.lead')}</p>
          <form onSubmit={(event) => event.preventDefault()} noValidate className="salary-calculator__form">
            <div className="salary-calculator__row">
              <MoneyField
                id="estimate-amount"
                label={t('calculator.amount')}
                hint={t('calculator.amountHint')}
                currency={unit(currency)}
                min={0}
                {...withIssue<SalaryValues>(salary, salaryParsed, 'amount')}
              />
              <SelectField
                id="estimate-currency"
                label={t('calculator.currency')}
                options={CURRENCIES.map((code) => ({ value: code, label: code }))}
                {...salary.bind('currency')}
              />
            </div>
            <ExtrasFields
              prefix="estimate"
              currency={unit(currency)}
              expenses={withIssue<SalaryValues>(salary, salaryParsed, 'expenses')}
              expensesVat={salary.bind('expensesVat')}
              mileage={withIssue<SalaryValues>(salary, salaryParsed, 'mileage')}
            />
          </form>
          {forward.failure && (
            <Alert>
              <p>{t([`calculator.errors.${forward.failure}`, 'calculator.errors.generic'])}</p>
            </Alert>
          )}
          <div className={forward.busy ? 'salary-results is-loading' : 'salary-results'} aria-busy={forward.busy}>
            {forward.data && salaryParsed?.ok ? (
              <EstimateFigures estimate={forward.data} testId="salary-estimate" />
            ) : salaryParsed === null ? (
              <p className="salary-muted">{t('calculator.forward.empty')}</p>
            ) : null}
          </div>
        </Card>

        <Card labelledBy="calculator-backward-title">
          <h2 id="calculator-backward-title">{t('calculator.backward.title')}</h2>
          <p className="salary-muted">{t('calculator.backward.lead')}</p>
          <form onSubmit={(event) => event.preventDefault()} noValidate className="salary-calculator__form">
            <RadioGroupField
              name="inverse-target"
              inline
              legend={t('calculator.target')}
              options={[
                { value: 'netSalary', label: t('calculator.targets.netSalary') },
                { value: 'payout', label: t('calculator.targets.payout') },
              ]}
              {...inverse.bind('target')}
            />
            <MoneyField
              id="inverse-wanted"
              label={t(`calculator.wanted.${inverse.values.target === 'payout' ? 'payout' : 'netSalary'}`)}
              currency="kr"
              min={0}
              {...withIssue<InverseValues>(inverse, inverseParsed, 'wanted')}
            />
            <ExtrasFields
              prefix="inverse"
              currency="kr"
              expenses={withIssue<InverseValues>(inverse, inverseParsed, 'expenses')}
              expensesVat={inverse.bind('expensesVat')}
              mileage={withIssue<InverseValues>(inverse, inverseParsed, 'mileage')}
            />
          </form>
          {backward.failure && (
            <Alert>
              <p>{t([`calculator.errors.${backward.failure}`, 'calculator.errors.generic'])}</p>
            </Alert>
          )}
          <div className={backward.busy ? 'salary-results is-loading' : 'salary-results'} aria-busy={backward.busy}>
            {result && inverseParsed?.ok ? (
              <>
                <p className="salary-calculator__answer" data-testid="invoice-amount">
                  {t('calculator.backward.answer', { amount: sek(result.workAmount, locale) })}
                </p>
                {result.estimate.amount !== result.workAmount && (
                  <p className="salary-muted">
                    {t('calculator.backward.withExtras', { amount: sek(result.estimate.amount, locale) })}
                  </p>
                )}
                <EstimateFigures estimate={result.estimate} testId="inverse-estimate" />
              </>
            ) : inverseParsed === null ? (
              <p className="salary-muted">{t('calculator.backward.empty')}</p>
            ) : null}
          </div>
        </Card>
      </div>
    </SalaryPage>
  );
}
