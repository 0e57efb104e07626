import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../app/namespace.ts';
import { useShell } from '../../../app/shell-context.ts';
import { Icon } from '../../../components/icon.tsx';
import { ModalDialog } from '../../../components/modal-dialog.tsx';
import { formatDate } from '../../../lib/format.ts';
import type { VerificationSent } from '../api/send-verification.ts';

/** The verification-sent dialog (docs/product/customers.md#verification): where the link went, what the contact does, what happens next. */
export function VerificationSentDialog({ sent, onClose }: { sent: VerificationSent | null; onClose: () => void }) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useShell();
  const ok = useRef<HTMLButtonElement>(null);
  return (
    <ModalDialog open={sent !== null} onClose={onClose} titleId="verification-sent-title" initialFocusRef={ok}>
      <span className="customers-dialog__icon" aria-hidden="true">
        <Icon name="mail" size={26} />
      </span>
      <h2 id="verification-sent-title">{t('verification.sent.title')}</h2>
      <p>{t('verification.sent.to', { email: sent?.sentTo ?? '' })}</p>
      <ol className="customers-steps">
        <li>{t('verification.sent.step1')}</li>
        <li>{t('verification.sent.step2')}</li>
        <li>{t('verification.sent.step3')}</li>
      </ol>
      <p className="customers-dialog__note">
        {t('verification.sent.expiry', { date: sent ? formatDate(sent.expiresAt, locale) : '' })}
      </p>
      <div className="customers-dialog__actions">
        <button ref={ok} type="button" className="button button--primary" onClick={onClose}>
          {t('verification.sent.ok')}
        </button>
      </div>
    </ModalDialog>
  );
}
