import { useTranslation } from 'react-i18next';
import { Alert } from '@frilo/ui/alert';
import { Button } from '@frilo/ui/button';
import { cardClass } from '@frilo/ui/card';
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
import { itemKey, listWrites, sameItems } from '../state/flat-list.ts';
import { wizardFieldMessage } from '../state/messages.ts';
import {
  apiRows,
  emptyRow,
  readableAmounts,
  readRows,
  ROW_FIELDS,
  rowIssues,
  rowTexts,
  rowValues,
  UNITS,
} from '../state/row-form.ts';
import { lineNet, rowTotals, VAT_PERCENTAGES } from '../state/row-totals.ts';
import { MinimumAmount } from './minimum-amount.tsx';
import { MoneyText } from './money-text.tsx';
import type { StepProps } from './invoice-wizard.tsx';
import { StepActions } from './step-actions.tsx';
import { StepFailure } from './step-failure.tsx';
import { VatTotals } from './vat-totals.tsx';

type Values = Record<string, string>;

/** A row's amount as it is typed: excluding VAT, and for a consumer also including it; nothing until it reads. */
function RowTotal({
  row,
  locale,
  currency,
  consumer,
}: {
  row: Parameters<typeof readableAmounts>[0][number];
  locale: 'sv' | 'en';
  currency: string;
  consumer: boolean;
}) {
  const { t } = useTranslation(NAMESPACE);
  const [amounts] = readableAmounts([row], locale);
  if (!amounts) return null;
  const net = lineNet(amounts.unitPrice, amounts.quantityHundredths);
  const withVat = net + Math.round((net * amounts.vatPercentage) / 100);
  return (
    <p className="wizard-row__total" aria-live="polite">
      {t('wizard.rows.total')} <MoneyText amount={net} currency={currency} />
      {consumer && (
        <>
          {' · '}
          {t('wizard.rows.totalInclVat')} <MoneyText amount={withVat} currency={currency} />
        </>
      )}
    </p>
  );
}

/** Step 2: the rows, with the totals per VAT rate as they are typed. A reverse VAT customer gets 0 % only. */
export function StepRows({ invoice, step, onSaved, goTo, reloadLatest }: StepProps) {
  const { t } = useTranslation(NAMESPACE);
  const locale = useUiLocale();
  const reverseVat = invoice.recipient.reverseVat;
  const form = useForm<Values, Invoice>({
    initial: rowValues(rowTexts(invoice.rows, locale, reverseVat)),
    validate: (values) => rowIssues(readRows(values), locale),
    send: (values) => updateInvoice(invoice.id, { version: invoice.version, rows: apiRows(readRows(values), locale) }),
    onSent: onSaved,
    messageOf: wizardFieldMessage,
    same: (a, b) => sameItems(a, b, 'rows', ROW_FIELDS),
  });
  const rows = readRows(form.values);
  // The stored rows differ from what is shown when a reverse VAT customer's rows were not at 0 %: save them.
  const next = async () => {
    if (await form.submit()) goTo(step + 1);
  };
  const guard = useStepGuard({ dirty: form.dirty, save: form.submit, step, next });
  const writeRows = (list: typeof rows) => {
    for (const [key, value] of listWrites('rows', list)) form.set(key, value);
  };
  const totals = rowTotals(readableAmounts(rows, locale));
  // A private person is a consumer: what they pay is the price including VAT, so each row says it too.
  const consumer = invoice.recipient.type === 'individual';
  const vatOptions = (reverseVat ? [0] : VAT_PERCENTAGES).map((rate) => ({ value: String(rate), label: `${rate} %` }));

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
      {reverseVat && <Alert kind="info">{t('wizard.rows.reverseVat')}</Alert>}
      {consumer && !reverseVat && <Alert kind="info">{t('wizard.rows.consumer')}</Alert>}
      <ol className="wizard-rows">
        {rows.map((_, index) => {
          const field = (name: string) => form.bind(itemKey('rows', index, name));
          const id = (name: string) => `row-${index}-${name}`;
          return (
            <li key={index} className={cardClass({ className: 'wizard-row' })}>
              <div className="wizard-row__head">
                <h3>{t('wizard.rows.row', { number: index + 1 })}</h3>
                <RowTotal row={rows[index]!} locale={locale} currency={invoice.currency} consumer={consumer} />
                {rows.length > 1 && (
                  <Button
                    variant="danger-quiet"
                    size="small"
                    className="wizard-row__remove"
                    onClick={() => writeRows(rows.filter((__, i) => i !== index))}
                  >
                    <Icon icon={icons.trash} size={16} />
                    <span className="wizard-row__remove-label">{t('wizard.rows.remove', { number: index + 1 })}</span>
                  </Button>
                )}
              </div>
              <div className="wizard-row__fields">
                <TextField
                  id={id('description')}
                  label={t('wizard.rows.description')}
                  maxLength={200}
                  className="wizard-row__description"
                  {...field('description')}
                />
                <TextField
                  id={id('quantity')}
                  label={t('wizard.rows.quantity')}
                  inputMode="decimal"
                  autoComplete="off"
                  {...field('quantity')}
                />
                <SelectField
                  id={id('unit')}
                  label={t('wizard.rows.unit')}
                  options={UNITS.map((unit) => ({ value: unit, label: t(`wizard.units.${unit}`) }))}
                  {...field('unit')}
                />
                <MoneyField
                  id={id('unitPrice')}
                  label={t('wizard.rows.unitPrice')}
                  currency={invoice.currency}
                  min={-1_000_000_000}
                  {...field('unitPrice')}
                />
                <SelectField
                  id={id('vatPercentage')}
                  label={t('wizard.rows.vat')}
                  options={vatOptions}
                  {...field('vatPercentage')}
                />
              </div>
            </li>
          );
        })}
      </ol>
      <Button onClick={() => writeRows([...rows, emptyRow(reverseVat)])} disabled={rows.length >= 100}>
        <Icon icon={icons.plus} size={16} />
        {t('wizard.rows.add')}
      </Button>
      <VatTotals totals={totals} currency={invoice.currency} title={t('wizard.totals.title')} />
      <MinimumAmount invoice={invoice} liveTotalExclVat={totals.totalExclVat} />
      <StepActions invoiceId={invoice.id} step={step} sending={form.sending} />
    </form>
  );
}
