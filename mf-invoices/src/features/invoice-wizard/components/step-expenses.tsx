import { useTranslation } from 'react-i18next';
import { Button } from '@frilo/ui/button';
import { cardClass } from '@frilo/ui/card';
import { DateField } from '@frilo/ui/form/date-field';
import { MoneyField } from '@frilo/ui/form/money-field';
import { SelectField } from '@frilo/ui/form/select-field';
import { TextField } from '@frilo/ui/form/text-field';
import { useForm } from '@frilo/ui/form/use-form';
import { Icon } from '@frilo/ui/icon';
import * as icons from '@frilo/ui/icons';
import { useUiLocale } from '@frilo/ui/ui-text';
import { NAMESPACE } from '../../../app/namespace.ts';
import { updateInvoice, type Invoice } from '../api/wizard-api.ts';
import { useStepGuard } from '../hooks/use-step-guard.ts';
import {
  apiExpenses,
  EXPENSE_FIELDS,
  expenseIssues,
  expenseTexts,
  expenseValues,
  mileageAllowance,
  newExpense,
  readExpenses,
} from '../state/expense-form.ts';
import { itemKey, listWrites, sameItems } from '../state/flat-list.ts';
import { wizardFieldMessage } from '../state/messages.ts';
import { VAT_PERCENTAGES } from '../state/row-totals.ts';
import type { StepProps } from './invoice-wizard.tsx';
import { MoneyText } from './money-text.tsx';
import { ReceiptUpload } from './receipt-upload.tsx';
import { StepActions } from './step-actions.tsx';
import { StepFailure } from './step-failure.tsx';

type Values = Record<string, string>;
const DEFAULT_PER_10_KM = 2500;

/** Step 3: receipts (uploaded here) and trips in the own car; both are paid back tax-free. Optional. */
export function StepExpenses({ invoice, step, onSaved, goTo, reloadLatest }: StepProps) {
  const { t } = useTranslation(NAMESPACE);
  const locale = useUiLocale();
  const form = useForm<Values, Invoice>({
    initial: expenseValues(expenseTexts(invoice.expenses, locale)),
    validate: (values) => expenseIssues(readExpenses(values), locale),
    send: (values) =>
      updateInvoice(invoice.id, { version: invoice.version, expenses: apiExpenses(readExpenses(values), locale) }),
    onSent: onSaved,
    messageOf: wizardFieldMessage,
    same: (a, b) => sameItems(a, b, 'expenses', EXPENSE_FIELDS),
  });
  const items = readExpenses(form.values);
  const next = async () => {
    if (!form.dirty || (await form.submit())) goTo(step + 1);
  };
  const guard = useStepGuard({ dirty: form.dirty, save: form.submit, step, next });
  const writeItems = (list: typeof items) => {
    for (const [key, value] of listWrites('expenses', list)) form.set(key, value);
  };
  const today = new Date().toISOString().slice(0, 10);
  const per10Km = invoice.expenses.find((expense) => expense.mileage)?.mileage?.allowancePer10Km ?? DEFAULT_PER_10_KM;

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
      <p className="wizard-lead">{t('wizard.expenses.lead')}</p>
      {items.length > 0 && (
        <ol className="wizard-rows">
          {items.map((item, index) => {
            const key = (name: string) => itemKey('expenses', index, name);
            const field = (name: string) => form.bind(key(name));
            const id = (name: string) => `expense-${index}-${name.replace('.', '-')}`;
            const allowance = item.type === 'mileage' ? mileageAllowance(item['mileage.km'], locale, per10Km) : null;
            return (
              <li key={index} className={cardClass({ className: 'wizard-row' })}>
                <div className="wizard-row__head">
                  <h3>
                    {item.type === 'mileage'
                      ? t('wizard.expenses.trip', { number: index + 1 })
                      : t('wizard.expenses.receipt', { number: index + 1 })}
                  </h3>
                  <Button
                    variant="danger-quiet"
                    size="small"
                    onClick={() => writeItems(items.filter((__, i) => i !== index))}
                  >
                    <Icon icon={icons.trash} size={16} />
                    {t('wizard.expenses.remove', { number: index + 1 })}
                  </Button>
                </div>
                <div className="wizard-row__fields">
                  <TextField
                    id={id('description')}
                    label={t('wizard.expenses.description')}
                    hint={t('wizard.expenses.descriptionHint')}
                    maxLength={50}
                    className="wizard-row__description"
                    {...field('description')}
                  />
                  {item.type === 'receipt' ? (
                    <>
                      <MoneyField
                        id={id('amount')}
                        label={t('wizard.expenses.amount')}
                        currency={invoice.currency}
                        min={0}
                        {...field('amount')}
                      />
                      <SelectField
                        id={id('vatPercentage')}
                        label={t('wizard.expenses.vat')}
                        options={VAT_PERCENTAGES.map((rate) => ({ value: String(rate), label: `${rate} %` }))}
                        {...field('vatPercentage')}
                      />
                      <ReceiptUpload
                        index={index}
                        fileName={item.receiptName}
                        receiptId={item.receiptId}
                        error={field('receiptId').error}
                        inputRef={form.register(key('receiptId'))}
                        onUploaded={(receipt) => {
                          form.set(key('receiptId'), receipt?.id ?? '');
                          form.set(key('receiptName'), receipt?.fileName ?? '');
                        }}
                      />
                    </>
                  ) : (
                    <>
                      <DateField id={id('mileage.date')} label={t('wizard.expenses.date')} {...field('mileage.date')} />
                      <TextField
                        id={id('mileage.from')}
                        label={t('wizard.expenses.from')}
                        maxLength={100}
                        {...field('mileage.from')}
                      />
                      <TextField
                        id={id('mileage.to')}
                        label={t('wizard.expenses.to')}
                        maxLength={100}
                        {...field('mileage.to')}
                      />
                      <TextField
                        id={id('mileage.km')}
                        label={t('wizard.expenses.km')}
                        inputMode="decimal"
                        autoComplete="off"
                        suffix="km"
                        {...field('mileage.km')}
                      />
                      <TextField
                        id={id('mileage.purpose')}
                        label={t('wizard.expenses.purpose')}
                        maxLength={50}
                        className="wizard-row__description"
                        {...field('mileage.purpose')}
                      />
                      <p className="wizard-allowance" aria-live="polite">
                        {t('wizard.expenses.allowance', { rate: per10Km / 100 })}{' '}
                        <strong>{allowance === null ? '–' : <MoneyText amount={allowance} currency="SEK" />}</strong>
                      </p>
                    </>
                  )}
                </div>
              </li>
            );
          })}
        </ol>
      )}
      <div className="wizard-add">
        <Button onClick={() => writeItems([...items, newExpense('receipt', today)])} disabled={items.length >= 50}>
          <Icon icon={icons.plus} size={16} />
          {t('wizard.expenses.addReceipt')}
        </Button>
        <Button onClick={() => writeItems([...items, newExpense('mileage', today)])} disabled={items.length >= 50}>
          <Icon icon={icons.plus} size={16} />
          {t('wizard.expenses.addTrip')}
        </Button>
      </div>
      <StepActions invoiceId={invoice.id} step={step} sending={form.sending} />
    </form>
  );
}
