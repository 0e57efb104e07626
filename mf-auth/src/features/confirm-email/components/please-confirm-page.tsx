import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../app/namespace.ts';
import { useShell } from '../../../app/shell-context.ts';
import { api } from '../../../lib/api.ts';
import { notify, requestLogout } from '../../../lib/shell-contract.ts';

/** Every URL but the confirmation link while the email is unconfirmed (spec §2). */
export function PleaseConfirmPage() {
  const { t } = useTranslation(NAMESPACE);
  const { session } = useShell();
  const [busy, setBusy] = useState(false);

  async function resend() {
    setBusy(true);
    try {
      const { response } = await api.POST('/api/auth/resend-confirmation');
      notify(response.ok ? 'success' : 'error', t(response.ok ? 'pleaseConfirm.resent' : 'pleaseConfirm.resendFailed'));
    } catch {
      notify('error', t('pleaseConfirm.resendFailed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card card--narrow auth-card" aria-labelledby="please-confirm-title">
      <h1 id="please-confirm-title">{t('pleaseConfirm.title')}</h1>
      <p className="auth-card__lead">{t('pleaseConfirm.text', { email: session?.user.email ?? '' })}</p>
      <div className="auth-card__actions">
        <button type="button" className="button button--primary" disabled={busy} onClick={() => void resend()}>
          {t('pleaseConfirm.resend')}
        </button>
        <button type="button" className="button" onClick={requestLogout}>
          {t('pleaseConfirm.logout')}
        </button>
      </div>
    </section>
  );
}
