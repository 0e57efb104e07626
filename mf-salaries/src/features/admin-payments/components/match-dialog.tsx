import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@frilo/ui/alert';
import { Button } from '@frilo/ui/button';
import { failureCode } from '@frilo/ui/form/api-result';
import { MoneyField } from '@frilo/ui/form/money-field';
import { DialogActions, ModalDialog } from '@frilo/ui/modal-dialog';
import { useShell } from '@frilo/ui/shell-context';
import { NAMESPACE } from '../../../app/namespace.ts';
import { day } from '../../../lib/format.ts';
import { formatMoney as money } from '@frilo/ui/money';
import { matchPayment, type IncomingPayment, type PayableInvoice } from '../api/payments.ts';
import { InvoiceLookup } from './invoice-lookup.tsx';

/** Books an unmatched payment on the invoice an admin finds (matchPayment); across currencies, how much it covers. */
export function MatchDialog({
  payment,
  onClose,
  onMatched,
}: {
  payment: IncomingPayment | null;
  onClose: () => void;
  onMatched: (payment: IncomingPayment) => void;
}) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useShell();
  const [invoice, setInvoice] = useState<PayableInvoice | null>(null);
  const [covers, setCovers] = useState('');
  const [coversMinor, setCoversMinor] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    setInvoice(null);
    setCovers('');
    setCoversMinor(null);
    setFailure(null);
  }, [payment]);

  if (!payment)
    return (
      <ModalDialog open={false} onClose={onClose} titleId="match-title">
        {null}
      </ModalDialog>
    );
  const otherCurrency = invoice !== null && invoice.currency !== payment.amount.currency;
  const digits = payment.reference?.replace(/\D/g, '') ?? '';

  const match = async () => {
    if (!invoice) return;
    if (otherCurrency && !coversMinor) {
      setFailure('covers_required');
      return;
    }
    setBusy(true);
    const result = await matchPayment(payment.id, invoice.id, otherCurrency ? (coversMinor ?? undefined) : undefined);
    setBusy(false);
    if (result.ok) onMatched(result.data);
    else setFailure(failureCode(result));
  };

  return (
    <ModalDialog open onClose={onClose} titleId="match-title" busy={busy}>
      <h2 id="match-title">{t('match.title')}</h2>
      <p>
        {t('match.payment', {
          amount: money(payment.amount.amount, payment.amount.currency, locale),
          date: day(payment.paymentDate, locale),
          payer: payment.payer.name ?? '–',
          reference: payment.reference ?? (payment.informationText.join(' ') || '–'),
        })}
      </p>
      {failure && (
        <Alert>
          <p>{t([`match.errors.${failure}`, `errors.form.${failure}`, 'errors.form.generic'])}</p>
        </Alert>
      )}
      <InvoiceLookup
        id="match-reference"
        invoice={invoice}
        onInvoice={setInvoice}
        initial={digits.length <= 25 ? digits : ''}
      />
      {otherCurrency && invoice && (
        <MoneyField
          id="match-covers"
          label={t('match.covers', { currency: invoice.currency })}
          currency={invoice.currency}
          min={1}
          value={covers}
          onChange={setCovers}
          onAmountChange={setCoversMinor}
          error={undefined}
        />
      )}
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('match.cancel')}
        </Button>
        <Button
          variant="primary"
          onClick={() => void match()}
          busy={busy}
          disabled={busy || !invoice || !invoice.payable}
        >
          {t('match.confirm')}
        </Button>
      </DialogActions>
    </ModalDialog>
  );
}
