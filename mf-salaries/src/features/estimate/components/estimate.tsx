import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatRate } from '@frilo/ui/form/number-format';
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
import { estimateInvoiceAmount, estimateSalary, getProfile } from '../api/estimate.ts';
import {
  CURRENCIES,
  INITIAL_INVERSE,
  INITIAL_SALARY,
  inverseRequest,
  salaryRequest,
  whatIfRequest,
  type InverseValues,
  type SalaryValues,
  type WhatIfValues,
} from '../state/calculator.ts';
import { EstimateFigures } from './estimate-figures.tsx';
import { ExtrasFields } from './extras-fields.tsx';
import { useLiveEstimate } from './use-live-estimate.ts';
import { WhatIfCard } from './what-if-card.tsx';

/** Until the profile is read: the BFF's defaults (30 % tax, no pension, vacation pay paid with the salary). */
const DEFAULT_WHAT_IF: WhatIfValues = {
  incomeTaxRate: '30',
  pensionRate: '0',
  saveVacationPay: false,
  campaignCode: '',
};

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

  const whatIf = useForm<WhatIfValues, null>({
    initial: DEFAULT_WHAT_IF,
    send: async () => ({ ok: true, data: null, status: 200 }),
  });
  const [applied, setApplied] = useState<{ code: string; feeRate: number } | null>(null);
  // The profile's settings are where "what if" starts, and what "back to my profile" returns to.
  const fromProfile = useRef<WhatIfValues>(DEFAULT_WHAT_IF);
  const [profileRead, setProfileRead] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    void getProfile(controller.signal).then((result) => {
      if (!result.ok) {
        setProfileRead(true);
        return;
      }
      fromProfile.current = {
        incomeTaxRate: formatRate(result.data.incomeTaxRate, locale),
        pensionRate: formatRate(result.data.pensionRate, locale),
        saveVacationPay: result.data.saveVacationPay,
        campaignCode: '',
      };
      whatIf.reset(fromProfile.current);
      setProfileRead(true);
    });
    return () => controller.abort();
    // Once per visit: later edits are the person's "what if".
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const salaryParsed = salaryRequest(salary.values, locale);
  const inverseParsed = inverseRequest(inverse.values, locale);
  const whatIfParsed = whatIfRequest(whatIf.values, locale, applied?.code ?? null);
  const settings = whatIfParsed.ok && profileRead ? whatIfParsed.value : null;
  const forward = useLiveEstimate(
    salaryParsed?.ok && settings ? { ...salaryParsed.value, ...settings } : null,
    estimateSalary,
  );
  const backward = useLiveEstimate(
    inverseParsed?.ok && settings ? { ...inverseParsed.value, ...settings } : null,
    estimateInvoiceAmount,
  );
  const changed =
    applied !== null ||
    (['incomeTaxRate', 'pensionRate', 'saveVacationPay'] as const).some(
      (name) => String(whatIf.values[name]) !== String(fromProfile.current[name]),
    );
  const whatIfIssue = (name: 'incomeTaxRate' | 'pensionRate') => {
    const bound = whatIf.bind(name);
    const issue = whatIfParsed.ok ? undefined : whatIfParsed.issues[name];
    return { ...bound, error: issue ? message(fieldMessage(name, issue, { form: 'calculator' })) : bound.error };
  };

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
        <WhatIfCard
          incomeTaxRate={whatIfIssue('incomeTaxRate')}
          pensionRate={whatIfIssue('pensionRate')}
          saveVacationPay={whatIf.bind('saveVacationPay')}
          campaignCode={whatIf.bind('campaignCode')}
          applied={applied}
          onApplied={setApplied}
          changed={changed}
          onReset={() => {
            setApplied(null);
            whatIf.reset(fromProfile.current);
          }}
        />
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
