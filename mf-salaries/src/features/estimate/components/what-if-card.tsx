import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@frilo/ui/button';
import { Card } from '@frilo/ui/card';
import { CheckboxField } from '@frilo/ui/form/checkbox-field';
import { failureCode } from '@frilo/ui/form/api-result';
import { PercentageField } from '@frilo/ui/form/percentage-field';
import { TextField } from '@frilo/ui/form/text-field';
import type { Bound } from '@frilo/ui/form/bound-field';
import { useShell } from '@frilo/ui/shell-context';
import { NAMESPACE } from '../../../app/namespace.ts';
import { percent } from '../../../lib/format.ts';
import { checkCampaignCode } from '../api/estimate.ts';
import { PENSION_BOUNDS, TAX_BOUNDS } from '../state/calculator.ts';

type Field<V> = Bound<V> & { error: string | undefined };

/**
 * The calculator's "what if": another income tax rate, pension rate or vacation pay choice than the profile's (the
 * profile is not changed), and a campaign code, checked once when the person asks (a wrong guess counts towards the
 * limit, so not at every key) and then used by both directions.
 */
export function WhatIfCard(props: {
  incomeTaxRate: Field<string>;
  pensionRate: Field<string>;
  saveVacationPay: Bound<boolean>;
  campaignCode: Bound<string>;
  applied: { code: string; feeRate: number } | null;
  onApplied: (applied: { code: string; feeRate: number } | null) => void;
  changed: boolean;
  onReset: () => void;
}) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useShell();
  const [checking, setChecking] = useState(false);
  const [codeError, setCodeError] = useState<string | null>(null);

  const apply = async (event: FormEvent) => {
    event.preventDefault();
    const code = props.campaignCode.value.trim();
    if (!code) {
      props.onApplied(null);
      setCodeError(null);
      return;
    }
    setChecking(true);
    const result = await checkCampaignCode(code);
    setChecking(false);
    if (result.ok) {
      setCodeError(null);
      props.onApplied({ code: result.data.code, feeRate: result.data.feeRate });
    } else {
      props.onApplied(null);
      const reason = failureCode(result);
      setCodeError(t([`calculator.whatIf.codeErrors.${reason}`, 'calculator.whatIf.codeErrors.generic']));
    }
  };

  return (
    <Card labelledBy="calculator-what-if-title" className="salary-calculator__what-if">
      <h2 id="calculator-what-if-title">{t('calculator.whatIf.title')}</h2>
      <p className="salary-muted">{t('calculator.whatIf.lead')}</p>
      <div className="salary-calculator__row">
        <PercentageField
          id="what-if-tax"
          label={t('calculator.whatIf.incomeTaxRate')}
          min={TAX_BOUNDS.min}
          max={TAX_BOUNDS.max}
          {...props.incomeTaxRate}
        />
        <PercentageField
          id="what-if-pension"
          label={t('calculator.whatIf.pensionRate')}
          min={PENSION_BOUNDS.min}
          max={PENSION_BOUNDS.max}
          {...props.pensionRate}
        />
      </div>
      <CheckboxField
        id="what-if-save-vacation-pay"
        label={t('calculator.whatIf.saveVacationPay')}
        description={t('calculator.whatIf.saveVacationPayText')}
        checked={props.saveVacationPay.value}
        onChange={props.saveVacationPay.onChange}
        inputRef={props.saveVacationPay.inputRef}
      />
      <form className="salary-inline-form" onSubmit={(event) => void apply(event)} noValidate>
        <TextField
          id="what-if-code"
          label={t('calculator.whatIf.campaignCode')}
          hint={t('calculator.whatIf.campaignCodeHint')}
          optional
          autoCapitalize="characters"
          spellCheck={false}
          value={props.campaignCode.value}
          onChange={(value) => {
            props.campaignCode.onChange(value);
            setCodeError(null);
          }}
          inputRef={props.campaignCode.inputRef}
          error={codeError ?? undefined}
        />
        <Button type="submit" busy={checking} disabled={checking}>
          {t('calculator.whatIf.apply')}
        </Button>
      </form>
      {props.applied && (
        <p className="salary-calculator__code" role="status">
          {t('calculator.whatIf.applied', { code: props.applied.code, fee: percent(props.applied.feeRate, locale) })}
        </p>
      )}
      {props.changed && (
        <p>
          <Button size="small" onClick={props.onReset}>
            {t('calculator.whatIf.reset')}
          </Button>
        </p>
      )}
    </Card>
  );
}
