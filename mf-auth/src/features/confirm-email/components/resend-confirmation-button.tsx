import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../app/namespace.ts';
import { Alert } from '@frilo/ui/alert';
import { useMessage } from '@frilo/ui/form/use-message';
import { codeMessage, failureCode, type Message } from '../../../lib/messages.ts';
import { invalidateSession, notify } from '@frilo/openapi/shell-contract';
import { resendConfirmation } from '../api/resend-confirmation.ts';
import { Button } from '@frilo/ui/button';

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
      <Button variant={primary ? 'primary' : 'default'} disabled={sending} busy={sending} onClick={() => void resend()}>
        {t('pleaseConfirm.resend')}
      </Button>
      {error && (
        <div className="auth-card__full">
          <Alert>{message(error)}</Alert>
        </div>
      )}
    </>
  );
}
