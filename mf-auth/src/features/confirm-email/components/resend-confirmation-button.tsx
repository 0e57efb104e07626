import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../app/namespace.ts';
import { FormAlert } from '../../../components/form-alert.tsx';
import { useMessage } from '../../../hooks/use-message.ts';
import { codeMessage, failureCode, type Message } from '../../../lib/messages.ts';
import { invalidateSession, notify } from '@frilo/openapi/shell-contract';
import { resendConfirmation } from '../api/resend-confirmation.ts';

/** Sends the confirmation link again; says so top right, or what went wrong right here. */
export function ResendConfirmationButton({ primary = false }: { primary?: boolean }) {
  const { t } = useTranslation(NAMESPACE);
  const message = useMessage();
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<Message | null>(null);

  async function resend() {
    setSending(true);
    setError(null);
    const result = await resendConfirmation();
    setSending(false);
    if (result.ok) {
      notify('success', t('pleaseConfirm.resent'));
      return;
    }
    const code = failureCode(result.status, result.problem);
    if (code === 'already_confirmed') {
      // Confirmed meanwhile (another tab, another device): the shell moves on to the app.
      notify('info', t('pleaseConfirm.alreadyConfirmed'));
      invalidateSession('/dashboard/home');
      return;
    }
    setError(codeMessage('pleaseConfirm', code));
  }

  return (
    <>
      <button
        type="button"
        className={primary ? 'button button--primary' : 'button'}
        disabled={sending}
        aria-busy={sending || undefined}
        onClick={() => void resend()}
      >
        {sending && <span className="spinner auth-button-spinner" aria-hidden="true" />}
        {t('pleaseConfirm.resend')}
      </button>
      {error && (
        <div className="auth-card__full">
          <FormAlert>{message(error)}</FormAlert>
        </div>
      )}
    </>
  );
}
