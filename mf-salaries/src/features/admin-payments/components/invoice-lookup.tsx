import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@frilo/ui/button';
import { failureCode } from '@frilo/ui/form/api-result';
import { TextField } from '@frilo/ui/form/text-field';
import { useShell } from '@frilo/ui/shell-context';
import { NAMESPACE } from '../../../app/namespace.ts';
import { formatMoney as money } from '@frilo/ui/money';
import { findPayableInvoice, type PayableInvoice } from '../api/payments.ts';

/** Finds an invoice by its number or OCR reference (findPayableInvoice) and shows what is still owed on it. */
export function InvoiceLookup({
  id,
  invoice,
  onInvoice,
  initial = '',
}: {
  id: string;
  invoice: PayableInvoice | null;
  onInvoice: (invoice: PayableInvoice | null) => void;
  initial?: string;
}) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useShell();
  const [reference, setReference] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const statusName = (name: string) => t([`lookup.statuses.${name}`, 'lookup.statuses.other'], { name });

  const find = async () => {
    const digits = reference.replace(/[\s-]/g, '');
    onInvoice(null);
    if (!/^[0-9]{1,25}$/.test(digits)) {
      setError(t('lookup.errors.format'));
      return;
    }
    setBusy(true);
    const result = await findPayableInvoice(digits);
    setBusy(false);
    if (result.ok) {
      setError(undefined);
      onInvoice(result.data);
    } else {
      const code = failureCode(result);
      setError(t([`lookup.errors.${code}`, 'errors.form.generic']));
    }
  };

  return (
    <div className="salary-lookup">
      <div className="salary-lookup__row">
        <TextField
          id={id}
          label={t('lookup.label')}
          hint={t('lookup.hint')}
          inputMode="numeric"
          autoComplete="off"
          value={reference}
          onChange={(value) => {
            setReference(value);
            setError(undefined);
          }}
          error={error}
        />
        <Button onClick={() => void find()} busy={busy} disabled={busy}>
          {t('lookup.find')}
        </Button>
      </div>
      {invoice && (
        <dl className="salary-lookup__invoice" aria-live="polite">
          <div>
            <dt>{t('lookup.invoice')}</dt>
            <dd>
              {t('lookup.invoiceLine', {
                number: invoice.number ?? '–',
                customer: invoice.customerName,
                owner: invoice.ownerName,
              })}
            </dd>
          </div>
          <div>
            <dt>{t('lookup.total')}</dt>
            <dd>{money(invoice.totalInclVat, invoice.currency, locale)}</dd>
          </div>
          <div>
            <dt>{t('lookup.outstanding')}</dt>
            <dd>{money(invoice.outstanding, invoice.currency, locale)}</dd>
          </div>
          <div>
            <dt>{t('lookup.state')}</dt>
            <dd>
              {invoice.payable
                ? statusName(invoice.statusName)
                : t('lookup.notPayable', { status: statusName(invoice.statusName) })}
            </dd>
          </div>
        </dl>
      )}
    </div>
  );
}
