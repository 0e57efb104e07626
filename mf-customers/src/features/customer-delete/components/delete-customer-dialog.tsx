import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../app/namespace.ts';
import { FormAlert } from '../../../components/form-alert.tsx';
import { ModalDialog } from '../../../components/modal-dialog.tsx';
import { useMessage } from '../../../hooks/use-message.ts';
import { failureCode } from '../../../lib/api-result.ts';
import type { Customer } from '../../../lib/customer-types.ts';
import { formMessage, type Message } from '../../../lib/messages.ts';
import { notify } from '@frilo/openapi/shell-contract';
import { deleteCustomer } from '../api/delete-customer.ts';

/**
 * The delete-customer dialog (docs/product/customers.md#deleting): says what deleting does, deletes, tells the shell; a failure
 * stays in the dialog so the user can try again. Cancel has focus first (the safe choice).
 */
export function DeleteCustomerDialog({
  customer,
  onClose,
  onDeleted,
  returnFocusTo,
}: {
  customer: Pick<Customer, 'id' | 'name'> | null;
  onClose: () => void;
  onDeleted: () => void;
  returnFocusTo?: () => HTMLElement | null;
}) {
  const { t } = useTranslation(NAMESPACE);
  const message = useMessage();
  const [deleting, setDeleting] = useState(false);
  const [failure, setFailure] = useState<Message | null>(null);
  // Deleted: the button that opened the dialog goes with its row, so focus goes elsewhere.
  const [deleted, setDeleted] = useState(false);
  const cancel = useRef<HTMLButtonElement>(null);
  const alert = useRef<HTMLDivElement>(null);

  const close = () => {
    setFailure(null);
    onClose();
  };

  // Another customer to delete starts afresh (closing keeps the state until the dialog has handed focus back).
  const [shown, setShown] = useState(customer?.id);
  if (customer && customer.id !== shown) {
    setShown(customer.id);
    setDeleted(false);
    setFailure(null);
  }

  const confirm = async () => {
    if (!customer || deleting) return;
    setDeleting(true);
    setFailure(null);
    const result = await deleteCustomer(customer.id);
    setDeleting(false);
    // Already gone (deleted in another tab): what the user wanted has happened.
    if (result.ok || result.status === 404) {
      setDeleted(true);
      notify('success', t('delete.deleted', { name: customer.name }));
      onDeleted();
      return;
    }
    setFailure(formMessage('delete', failureCode(result)));
    requestAnimationFrame(() => alert.current?.focus());
  };

  return (
    <ModalDialog
      open={customer !== null}
      onClose={close}
      role="alertdialog"
      titleId="delete-customer-title"
      descriptionId="delete-customer-text"
      busy={deleting}
      initialFocusRef={cancel}
      openerRemoved={deleted}
      {...(returnFocusTo ? { returnFocusTo } : {})}
    >
      <h2 id="delete-customer-title">{t('delete.title', { name: customer?.name ?? '' })}</h2>
      <div id="delete-customer-text">
        <p>{t('delete.text')}</p>
        <p>{t('delete.history')}</p>
      </div>
      {failure && (
        <FormAlert alertRef={alert}>
          <p>{message(failure)}</p>
        </FormAlert>
      )}
      <div className="customers-dialog__actions">
        <button ref={cancel} type="button" className="button" onClick={close} disabled={deleting}>
          {t('delete.cancel')}
        </button>
        <button
          type="button"
          className="button customers-button--danger"
          onClick={() => void confirm()}
          disabled={deleting}
          aria-busy={deleting || undefined}
        >
          {deleting && <span className="spinner customers-button-spinner" aria-hidden="true" />}
          {failure ? t('delete.retry') : t('delete.confirm')}
        </button>
      </div>
    </ModalDialog>
  );
}
