import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@frilo/ui/alert';
import { Button } from '@frilo/ui/button';
import { TextField } from '@frilo/ui/form/text-field';
import { DialogActions, ModalDialog } from '@frilo/ui/modal-dialog';
import { useShell } from '@frilo/ui/shell-context';
import { NAMESPACE } from '../../../app/namespace.ts';
import { formatMoney } from '@frilo/ui/money';
import { creditInvoice, type Invoice } from '../api/invoice-detail.ts';

/** The contract's limit for the reason. */
const MAX_REASON = 200;

/**
 * The credit-invoice modal: what a credit invoice is and what happens to the customer and the salary, before
 * anything is done. One idempotency key per opening, so a double click or a retry credits once.
 */
export function CreditDialog({
  invoice,
  open,
  onClose,
  onCredited,
}: {
  invoice: Invoice;
  open: boolean;
  onClose: () => void;
  onCredited: (credited: Invoice) => void;
}) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useShell();
  const [reason, setReason] = useState('');
  const [crediting, setCrediting] = useState(false);
  const [failed, setFailed] = useState(false);
  const key = useRef<string | null>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const alert = useRef<HTMLDivElement>(null);

  const close = () => {
    key.current = null;
    setFailed(false);
    setReason('');
    onClose();
  };

  const confirm = async () => {
    if (crediting) return;
    key.current ??= crypto.randomUUID();
    setCrediting(true);
    setFailed(false);
    const result = await creditInvoice(invoice.id, key.current, reason.trim());
    setCrediting(false);
    if (result.ok) {
      key.current = null;
      setReason('');
      onCredited(result.data);
      return;
    }
    setFailed(true);
    requestAnimationFrame(() => alert.current?.focus());
  };

  return (
    <ModalDialog
      open={open}
      onClose={close}
      role="alertdialog"
      titleId="credit-invoice-title"
      descriptionId="credit-invoice-text"
      busy={crediting}
      initialFocusRef={cancel}
    >
      <h2 id="credit-invoice-title">{t('detail.credit.title', { number: invoice.number ?? '' })}</h2>
      <div id="credit-invoice-text">
        <p>
          {t('detail.credit.what', {
            amount: formatMoney(invoice.totals.totalInclVat, invoice.currency, locale),
            customer: invoice.recipient.name,
          })}
        </p>
        <p>{t('detail.credit.salary')}</p>
        <p>{t('detail.credit.final')}</p>
      </div>
      <TextField
        id="credit-reason"
        label={t('detail.credit.reason')}
        hint={t('detail.credit.reasonHint')}
        optional
        value={reason}
        maxLength={MAX_REASON}
        onChange={setReason}
      />
      {failed && (
        <Alert alertRef={alert}>
          <p>{t('sending.creditFailed')}</p>
        </Alert>
      )}
      <DialogActions>
        <Button ref={cancel} onClick={close} disabled={crediting}>
          {t('detail.credit.cancel')}
        </Button>
        <Button variant="danger" onClick={() => void confirm()} disabled={crediting} busy={crediting}>
          {failed ? t('detail.credit.retry') : t('detail.credit.confirm')}
        </Button>
      </DialogActions>
    </ModalDialog>
  );
}
