import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClass } from '@frilo/ui/button';
import { failureCode } from '@frilo/ui/form/api-result';
import { useShell } from '@frilo/ui/shell-context';
import { NAMESPACE } from '../../../app/namespace.ts';
import { formatDay, formatMoment } from '../../../lib/invoice-display.ts';
import { newIdempotencyKey } from '../../invoice-wizard/state/send-outcome.ts';
import { getDelivery, sendInvoiceByEmail, type Invoice, type InvoiceDelivery } from '../../send-dialog/api/send-api.ts';

/**
 * An invoice waiting for its customer to accept e-invoices (problem 16), within a time frame
 * (docs/product/sending.md#waiting-for-e-invoice-acceptance): how long it has waited in bank days and until when
 * before we tell the freelancer, no promise that it will go, and the one action that sends it as a PDF by email
 * instead (once: one idempotency key per version), or keep waiting.
 */
export function EInvoiceWait({ invoice, onSent }: { invoice: Invoice; onSent: (invoice: Invoice) => void }) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useShell();
  const [delivery, setDelivery] = useState<InvoiceDelivery | null>(null);
  const [sending, setSending] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const [keepWaiting, setKeepWaiting] = useState(false);
  const key = useRef<{ version: number; key: string } | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    void getDelivery(invoice.id, controller.signal).then((result) => {
      if (!controller.signal.aborted && result.ok) setDelivery(result.data);
    });
    return () => controller.abort();
  }, [invoice.id, invoice.version]);

  const wait = delivery?.eInvoiceWait;
  if (!delivery || !wait) return null;

  const sendByEmail = async () => {
    if (sending) return;
    if (key.current?.version !== invoice.version) key.current = { version: invoice.version, key: newIdempotencyKey() };
    setSending(true);
    setFailed(null);
    const result = await sendInvoiceByEmail(invoice.id, invoice.version, key.current.key);
    setSending(false);
    if (result.ok) {
      onSent(result.data);
      return;
    }
    const reason = (result.problem as { reason?: string } | null)?.reason;
    setFailed(reason ?? failureCode(result));
  };

  const fallback = wait.emailFallback;
  const offer = wait.limitReached && !keepWaiting;
  return (
    <div className="e-invoice-wait">
      <p>
        {t('detail.wait.waited', {
          count: wait.bankDaysWaited,
          name: invoice.recipient.name,
          since: formatMoment(wait.since, locale),
        })}
      </p>
      <p>
        {wait.limitReached
          ? t('detail.wait.limitReached', { count: wait.limitBankDays })
          : t('detail.wait.untilLimit', { date: formatDay(wait.limitReachedOn, locale), count: wait.limitBankDays })}
      </p>
      {fallback.possible ? (
        <>
          {offer && (
            <p className="e-invoice-wait__choice">{t('detail.wait.choice', { email: delivery.email ?? '' })}</p>
          )}
          <div className="invoice-detail__reason-actions">
            <Button
              variant={offer ? 'primary' : 'default'}
              busy={sending}
              disabled={sending}
              onClick={() => void sendByEmail()}
            >
              {t('detail.wait.sendByEmail', { email: delivery.email ?? '' })}
            </Button>
            {offer && (
              <Button onClick={() => setKeepWaiting(true)} disabled={sending}>
                {t('detail.wait.keepWaiting')}
              </Button>
            )}
          </div>
          {keepWaiting && <p role="status">{t('detail.wait.keptWaiting')}</p>}
        </>
      ) : (
        <>
          <p>{t(`detail.wait.notPossible.${fallback.reason ?? 'not_waiting'}`)}</p>
          {fallback.reason === 'no_email' && (
            <Link to={`/dashboard/customers/edit/${invoice.recipient.id}`} className={buttonClass({})}>
              {t('detail.wait.editCustomer')}
            </Link>
          )}
        </>
      )}
      {failed && (
        <p role="alert" className="invoice-detail__bank-failed">
          {t([`detail.wait.errors.${failed}`, 'detail.wait.errors.generic'])}
        </p>
      )}
    </div>
  );
}
