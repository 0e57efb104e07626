import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../app/namespace.ts';
import { useShell } from '@frilo/ui/shell-context';
import { Alert } from '@frilo/ui/alert';
import { Icon } from '@frilo/ui/icon';
import { useMessage } from '@frilo/ui/form/use-message';
import { failureCode } from '@frilo/ui/form/api-result';
import type { Customer } from '../../../lib/customer-types.ts';
import { formatDate } from '../../../lib/format.ts';
import { formMessage, type Message } from '../../../lib/messages.ts';
import { sendVerification, type VerificationSent } from '../api/send-verification.ts';
import { VerificationSentDialog } from './verification-sent-dialog.tsx';
import { buttonClass } from '@frilo/ui/button';
import { cardClass } from '@frilo/ui/card';
import { Spinner } from '@frilo/ui/spinner';
import * as icons from '@frilo/ui/icons';

/**
 * Whether the customer's contact has confirmed the details, and the action that asks them to: a link
 * by email, explained in a dialog once sent. Unsaved changes are saved first (the email shows what is stored).
 */
export function VerificationPanel({ customer, unsaved }: { customer: Customer; unsaved: boolean }) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useShell();
  const message = useMessage();
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<VerificationSent | null>(null);
  const [failure, setFailure] = useState<Message | null>(null);

  const send = async () => {
    if (sending) return;
    setSending(true);
    setFailure(null);
    const result = await sendVerification(customer.id);
    setSending(false);
    if (result.ok) {
      setSent(result.data);
      return;
    }
    const code = failureCode(result);
    // One a minute, five a day: say which, from how long the BFF asks to wait.
    const wait = code === 'verification_rate_limited' && (result.retryAfter ?? 0) > 60 ? 'Tomorrow' : 'Minute';
    setFailure(
      code === 'verification_rate_limited'
        ? { keys: [`verification.errors.rateLimited${wait}`], values: {} }
        : formMessage('verification', code, { email: customer.contactPersonEmail }),
    );
  };

  const hintId = 'verification-unsaved';
  return (
    <section className={cardClass({ className: 'customers-panel' })} aria-labelledby="verification-title">
      <h2 id="verification-title">{t('verification.title')}</h2>
      {customer.verified ? (
        <p className="customers-panel__status is-verified">
          <Icon icon={icons.verified} size={18} />
          <span>
            {customer.verifiedAt
              ? t('verification.verifiedOn', { date: formatDate(customer.verifiedAt, locale) })
              : t('verification.verified')}
          </span>
        </p>
      ) : (
        <p className="customers-panel__status">
          <Icon icon={icons.info} size={18} />
          <span>{t('verification.notVerified')}</span>
        </p>
      )}
      <p className="customers-panel__text">
        {t(customer.verified ? 'verification.againText' : 'verification.text', { email: customer.contactPersonEmail })}
      </p>
      {failure && (
        <Alert>
          <p>{message(failure)}</p>
        </Alert>
      )}
      {unsaved && (
        <p className="customers-hint" id={hintId}>
          {t('verification.saveFirst')}
        </p>
      )}
      <button
        type="button"
        className={buttonClass({ block: true })}
        onClick={() => void send()}
        // Not disabled while sending: a disabled button loses focus, and the dialog hands focus back to it.
        disabled={unsaved}
        aria-disabled={sending || undefined}
        aria-busy={sending || undefined}
        aria-describedby={unsaved ? hintId : undefined}
      >
        {sending ? <Spinner size="small" /> : <Icon icon={icons.mail} size={18} />}
        {customer.verified ? t('verification.sendAgain') : t('verification.send')}
      </button>
      <VerificationSentDialog sent={sent} onClose={() => setSent(null)} />
    </section>
  );
}
