import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@frilo/ui/alert';
import { Button } from '@frilo/ui/button';
import { failureCode } from '@frilo/ui/form/api-result';
import { TextField } from '@frilo/ui/form/text-field';
import { DialogActions, ModalDialog } from '@frilo/ui/modal-dialog';
import { NAMESPACE } from '../../../app/namespace.ts';
import { changeUser, impersonate, type AdminUser, type UserAction } from '../api/users.ts';

/** Problems these changes answer with their own wording; anything else reads as a generic failure. */
const KNOWN = new Set([
  'own_account',
  'last_admin',
  'account_disabled',
  'email_not_confirmed',
  'cannot_impersonate_admin',
  'cannot_impersonate_self',
  'already_impersonating',
  'network',
]);

/**
 * Confirms one change to an account (what it does, in words), makes it, and hands the account as it is now to the
 * page. A failure stays in the dialog with its reason. Cancel has focus first.
 */
export function UserActionDialog({
  user,
  action,
  onClose,
  onDone,
}: {
  user: AdminUser;
  action: UserAction | null;
  onClose: () => void;
  onDone: (action: UserAction, user: AdminUser | null) => void;
}) {
  const { t } = useTranslation(NAMESPACE);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const cancel = useRef<HTMLButtonElement>(null);
  const alert = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(action);
  if (action !== shown) {
    setShown(action);
    setFailure(null);
    setReason('');
  }

  const close = () => {
    if (!busy) onClose();
  };
  const confirm = async () => {
    if (!action || busy) return;
    setBusy(true);
    setFailure(null);
    const result = action === 'impersonate' ? await impersonate(user.id) : await changeUser(user.id, action, reason);
    setBusy(false);
    if (result.ok) {
      onDone(action, action === 'impersonate' ? null : (result.data as AdminUser));
      return;
    }
    const code = failureCode(result);
    setFailure(KNOWN.has(code) ? code : 'generic');
    requestAnimationFrame(() => alert.current?.focus());
  };

  const key = action ?? 'disable';
  return (
    <ModalDialog
      open={action !== null}
      onClose={close}
      role="alertdialog"
      titleId="admin-user-action-title"
      descriptionId="admin-user-action-text"
      busy={busy}
      initialFocusRef={cancel}
    >
      <h2 id="admin-user-action-title">{t(`admin.user.actions.${key}.title`, { name: user.displayName })}</h2>
      <p id="admin-user-action-text">{t(`admin.user.actions.${key}.text`, { name: user.displayName })}</p>
      {action === 'disable' && (
        <TextField
          id="admin-disable-reason"
          label={t('admin.user.actions.disable.reason')}
          hint={t('admin.user.actions.disable.reasonHint')}
          optional
          value={reason}
          onChange={setReason}
          maxLength={500}
        />
      )}
      {failure && (
        <Alert alertRef={alert}>
          <p>{t(`admin.user.errors.${failure}`)}</p>
        </Alert>
      )}
      <DialogActions>
        <Button ref={cancel} onClick={close} disabled={busy}>
          {t('admin.user.cancel')}
        </Button>
        <Button
          variant={action === 'disable' || action === 'revokeAdmin' ? 'danger' : 'primary'}
          onClick={() => void confirm()}
          disabled={busy}
          busy={busy}
        >
          {t(`admin.user.actions.${key}.confirm`)}
        </Button>
      </DialogActions>
    </ModalDialog>
  );
}
