import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@frilo/ui/button';
import { DialogActions, ModalDialog } from '@frilo/ui/modal-dialog';
import { formatSwedishId } from '@frilo/ui/swedish-ids';
import { NAMESPACE } from '../../../app/namespace.ts';
import type { CustomerDuplicate } from '../api/customers.ts';

/**
 * Asked before creating a customer the user already has (the same organisation or personal number,
 * or the same name and invoice email): open the one there is, or create anyway. Keeping on editing
 * is the safe choice and has focus first.
 */
export function DuplicateCustomerDialog({
  duplicates,
  onOpen,
  onCreateAnyway,
  onClose,
}: {
  duplicates: readonly CustomerDuplicate[];
  onOpen: (id: string) => void;
  onCreateAnyway: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(NAMESPACE);
  const stay = useRef<HTMLButtonElement>(null);
  const first = duplicates[0];
  return (
    <ModalDialog
      open={first !== undefined}
      onClose={onClose}
      role="alertdialog"
      titleId="duplicate-customer-title"
      descriptionId="duplicate-customer-text"
      initialFocusRef={stay}
    >
      <h2 id="duplicate-customer-title">
        {duplicates.length > 1 ? t('duplicate.titleMany') : t('duplicate.title', { name: first?.name ?? '' })}
      </h2>
      <ul id="duplicate-customer-text" className="customers-duplicates">
        {duplicates.map((duplicate) => (
          <li key={duplicate.id}>
            <strong>{duplicate.name}</strong>
            <span>
              {duplicate.matchedOn === 'governmentId'
                ? t('duplicate.byGovernmentId', { id: formatSwedishId(duplicate.governmentId) })
                : t('duplicate.byNameAndEmail', { email: duplicate.email ?? '' })}
            </span>
            <Button size="small" onClick={() => onOpen(duplicate.id)}>
              {t('duplicate.open', { name: duplicate.name })}
            </Button>
          </li>
        ))}
      </ul>
      <DialogActions>
        <Button ref={stay} onClick={onClose}>
          {t('duplicate.cancel')}
        </Button>
        <Button variant="primary" onClick={onCreateAnyway}>
          {t('duplicate.createAnyway')}
        </Button>
      </DialogActions>
    </ModalDialog>
  );
}
