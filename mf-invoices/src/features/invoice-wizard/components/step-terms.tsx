import { useTranslation } from 'react-i18next';
import { cardClass } from '@frilo/ui/card';
import { CheckboxField } from '@frilo/ui/form/checkbox-field';
import { DateField, isIsoDate } from '@frilo/ui/form/date-field';
import { parseRate, formatRate } from '@frilo/ui/form/number-format';
import { PercentageField } from '@frilo/ui/form/percentage-field';
import { SelectField } from '@frilo/ui/form/select-field';
import { TextField } from '@frilo/ui/form/text-field';
import { useForm } from '@frilo/ui/form/use-form';
import { withoutEmpty } from '@frilo/ui/form/issues';
import { useUiLocale } from '@frilo/ui/ui-text';
import { NAMESPACE } from '../../../app/namespace.ts';
import { updateInvoice, type Invoice } from '../api/wizard-api.ts';
import { useStepGuard } from '../hooks/use-step-guard.ts';
import { addDays, formatDate } from '../state/dates.ts';
import { wizardFieldMessage } from '../state/messages.ts';
import type { StepProps } from './invoice-wizard.tsx';
import { StepActions } from './step-actions.tsx';
import { StepFailure } from './step-failure.tsx';

const CURRENCIES = ['SEK', 'EUR', 'USD', 'NOK', 'DKK', 'GBP'] as const;
type Currency = (typeof CURRENCIES)[number];
const TERMS = [0, 10, 14, 15, 20, 30, 45, 60, 90];

type Values = {
  paymentTermsDays: string;
  invoiceDate: string;
  currency: string;
  reference: string;
  latePaymentInterest: string;
  /** '' (none), '7' or '14': automatic payment reminders this many days after the due date. */
  reminderInterval: string;
  reminderFee: boolean;
};

/** The reminder fee the law allows, stated on SEK invoices only (lag 1981:739; the BFF checks it). */
const REMINDER_FEE_KR = 60;

/**
 * Step 1: payment terms, the invoice date (the due date follows), currency, the customer's reference, late interest
 * (empty: the statutory rate), automatic payment reminders and the reminder fee stated in advance (SEK only).
 */
export function StepTerms({ invoice, step, onSaved, goTo, reloadLatest }: StepProps) {
  const { t } = useTranslation(NAMESPACE);
  const locale = useUiLocale();
  const form = useForm<Values, Invoice>({
    initial: {
      paymentTermsDays: String(invoice.paymentTermsDays),
      invoiceDate: invoice.invoiceDate,
      currency: invoice.currency,
      reference: invoice.reference ?? '',
      latePaymentInterest:
        invoice.latePaymentInterestStatutory || invoice.latePaymentInterest === null
          ? ''
          : formatRate(invoice.latePaymentInterest, locale),
      reminderInterval: invoice.reminderInterval === null ? '' : String(invoice.reminderInterval),
      reminderFee: invoice.reminderFee !== null,
    },
    validate: (values) =>
      withoutEmpty({
        invoiceDate: isIsoDate(values.invoiceDate) ? undefined : { code: 'date_invalid' },
        reference: values.reference.length > 50 ? { code: 'too_long', params: { limit: 50 } } : undefined,
        latePaymentInterest: (() => {
          if (values.latePaymentInterest.trim() === '') return undefined;
          const parsed = parseRate(values.latePaymentInterest, locale, { min: 0, max: 50 });
          return parsed.ok ? undefined : parsed.issue;
        })(),
      }),
    send: (values) => {
      const interest = parseRate(values.latePaymentInterest, locale);
      const statutory = values.latePaymentInterest.trim() === '';
      return updateInvoice(invoice.id, {
        version: invoice.version,
        paymentTermsDays: Number(values.paymentTermsDays),
        invoiceDate: values.invoiceDate,
        currency: values.currency as Currency,
        reference: values.reference.trim() || null,
        ...(statutory
          ? { latePaymentInterest: null }
          : interest.ok
            ? { latePaymentInterest: Number(interest.value.decimal) }
            : {}),
        reminderInterval: values.reminderInterval === '7' ? 7 : values.reminderInterval === '14' ? 14 : null,
        // A fee only on an invoice in kronor: another currency drops it.
        reminderFee: values.reminderFee && values.currency === 'SEK',
      });
    },
    onSent: onSaved,
    messageOf: wizardFieldMessage,
  });
  const next = async () => {
    if (!form.dirty || (await form.submit())) goTo(step + 1);
  };
  const guard = useStepGuard({ dirty: form.dirty, save: form.submit, step, next });
  const days = Number(form.values.paymentTermsDays);
  const due = addDays(form.values.invoiceDate, days);
  const termOptions = [...new Set([...TERMS, invoice.paymentTermsDays])]
    .sort((a, b) => a - b)
    .map((n) => ({ value: String(n), label: t('wizard.terms.days', { count: n }) }));

  return (
    <form
      className="wizard-step"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void next();
      }}
    >
      {guard.dialog}
      <StepFailure failure={form.failure} alertRef={form.alertRef} onReload={reloadLatest} />
      <div className={cardClass({ className: 'wizard-card' })}>
        <div className="wizard-grid">
          <SelectField
            id="payment-terms"
            label={t('wizard.terms.paymentTerms')}
            hint={t(
              invoice.recipient.type === 'individual'
                ? 'wizard.terms.paymentTermsHintConsumer'
                : 'wizard.terms.paymentTermsHint',
            )}
            options={termOptions}
            {...form.bind('paymentTermsDays')}
          />
          <DateField id="invoice-date" label={t('wizard.terms.invoiceDate')} {...form.bind('invoiceDate')} />
          <p className="wizard-due" aria-live="polite">
            <span>{t('wizard.terms.dueDate')}</span>
            <strong>{due ? formatDate(due, locale) : '–'}</strong>
          </p>
          <SelectField
            id="currency"
            label={t('wizard.terms.currency')}
            hint={t('wizard.terms.currencyHint')}
            options={CURRENCIES.map((code) => ({ value: code, label: t(`wizard.currencies.${code}`) }))}
            {...form.bind('currency')}
          />
          <TextField
            id="reference"
            label={t('wizard.terms.reference')}
            hint={t('wizard.terms.referenceHint')}
            optional
            maxLength={50}
            {...form.bind('reference')}
          />
          <PercentageField
            id="late-interest"
            label={t('wizard.terms.latePaymentInterest')}
            hint={t('wizard.terms.latePaymentInterestHint')}
            max={50}
            {...form.bind('latePaymentInterest')}
          />
          <SelectField
            id="reminder-interval"
            label={t('wizard.terms.reminders')}
            hint={t('wizard.terms.remindersHint')}
            options={[
              { value: '', label: t('wizard.terms.remindersOff') },
              { value: '7', label: t('wizard.terms.remindersAfter', { count: 7 }) },
              { value: '14', label: t('wizard.terms.remindersAfter', { count: 14 }) },
            ]}
            {...form.bind('reminderInterval')}
          />
          <CheckboxField
            id="reminder-fee"
            label={t('wizard.terms.reminderFee', { amount: REMINDER_FEE_KR })}
            description={
              form.values.currency === 'SEK' ? t('wizard.terms.reminderFeeHint') : t('wizard.terms.reminderFeeSekOnly')
            }
            checked={form.values.reminderFee && form.values.currency === 'SEK'}
            disabled={form.values.currency !== 'SEK'}
            onChange={(checked) => form.set('reminderFee', checked)}
            inputRef={form.register('reminderFee')}
          />
        </div>
      </div>
      <StepActions invoiceId={invoice.id} step={step} sending={form.sending} />
    </form>
  );
}
