import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@frilo/ui/alert';
import { Button } from '@frilo/ui/button';
import { DialogActions, ModalDialog } from '@frilo/ui/modal-dialog';
import { NAMESPACE } from '../../../app/namespace.ts';
import { deleteInvoice } from '../api/invoice-detail.ts';

/** Deleting a draft, after saying what it means; a failure stays in the dialog so the user can try again. */
export function DeleteDialog({
  invoiceId,
  open,
  onClose,
  onDeleted,
}: {
  invoiceId: string;
  open: boolean;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation(NAMESPACE);
  const [deleting, setDeleting] = useState(false);
  const [failed, setFailed] = useState(false);
  const cancel = useRef<HTMLButtonElement>(null);
  const alert = useRef<HTMLDivElement>(null);

  const close = () => {
    setFailed(false);
    onClose();
  };

  const confirm = async () => {
    if (deleting) return;
    setDeleting(true);
    setFailed(false);
    const result = await deleteInvoice(invoiceId);
    setDeleting(false);
    // Deleting twice changes nothing (204 again); gone from under us (404) is what the user wanted too.
    if (result.ok || result.status === 404) {
      onDeleted();
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
      titleId="delete-invoice-title"
      descriptionId="delete-invoice-text"
      busy={deleting}
      initialFocusRef={cancel}
    >
      <h2 id="delete-invoice-title">{t('detail.delete.title')}</h2>
      <p id="delete-invoice-text">{t('detail.delete.text')}</p>
      {failed && (
        <Alert alertRef={alert}>
          <p>{t('detail.delete.failed')}</p>
        </Alert>
      )}
      <DialogActions>
        <Button ref={cancel} onClick={close} disabled={deleting}>
          {t('detail.delete.cancel')}
        </Button>
        <Button variant="danger" onClick={() => void confirm()} disabled={deleting} busy={deleting}>
          {t('detail.delete.confirm')}
        </Button>
      </DialogActions>
    </ModalDialog>
  );
}
