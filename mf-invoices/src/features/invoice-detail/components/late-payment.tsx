import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '@frilo/ui/alert';
import { Button } from '@frilo/ui/button';
import { cardClass } from '@frilo/ui/card';
import { failureCode } from '@frilo/ui/form/api-result';
import { formatRate } from '@frilo/ui/form/number-format';
import { Icon } from '@frilo/ui/icon';
import * as icons from '@frilo/ui/icons';
import { DialogActions, ModalDialog } from '@frilo/ui/modal-dialog';
import { useShell } from '@frilo/ui/shell-context';
import { NAMESPACE } from '../../../app/namespace.ts';
import { formatMoney } from '@frilo/ui/money';
import { formatDay } from '../../../lib/invoice-display.ts';
import { sendInterestInvoice, type Invoice } from '../api/invoice-detail.ts';

/** States in which reminders and interest concern the invoice: it has gone to the customer and is not credited. */
const AFTER_SENDING = new Set([3, 4, 5]);

/**
 * Reminders and late payment on a sent invoice: whether the customer is reminded and when the next reminder goes,
 * how many went, the reminder fee the invoice stated and what of it is paid, the late-payment interest so far (or up to
 * the day it was paid), and the interest invoice: sent in one action once the invoice was paid late, or its link.
 */
export function LatePayment({ invoice, onSent }: { invoice: Invoice; onSent: (interest: Invoice) => void }) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useShell();
  const [open, setOpen] = useState(false);
  if (invoice.kind === 'interest') {
    if (!invoice.interestFor) return null;
    return (
      <section className={cardClass({ className: 'invoice-detail__section' })} aria-labelledby="late-payment">
        <h2 id="late-payment">{t('detail.late.interestTitle')}</h2>
        <p>
          {t('detail.late.interestFor')}{' '}
          <Link to={`/dashboard/invoices/${invoice.interestFor.id}`}>
            {t('detail.late.invoiceLink', { number: invoice.interestFor.number ?? '' })}
          </Link>
        </p>
      </section>
    );
  }
  if (!AFTER_SENDING.has(invoice.status)) return null;
  const money = (minor: number, currency = invoice.currency) => formatMoney(minor, currency, locale);
  const day = (iso: string) => formatDay(iso, locale);
  const interest = invoice.lateInterest;
  const canInvoiceInterest =
    interest !== null &&
    interest.paidInFull &&
    interest.status === 'computed' &&
    (interest.amount ?? 0) > 0 &&
    invoice.interestInvoice === null;
  const rate =
    !invoice.latePaymentInterestStatutory && invoice.latePaymentInterest !== null
      ? `${formatRate(invoice.latePaymentInterest, locale)} %`
      : invoice.latePaymentInterest === null
        ? t('detail.late.rateStatutory')
        : t('detail.late.rateStatutoryNow', { rate: formatRate(invoice.latePaymentInterest, locale) });

  return (
    <section className={cardClass({ className: 'invoice-detail__section' })} aria-labelledby="late-payment">
      <h2 id="late-payment">{t('detail.late.title')}</h2>
      <dl className="invoice-detail__facts invoice-detail__facts--stack">
        <dt>{t('detail.late.reminders')}</dt>
        <dd data-testid="reminder-plan">
          {invoice.reminderInterval === null
            ? t('detail.late.remindersOff')
            : t('detail.late.remindersOn', { count: invoice.reminderInterval })}
        </dd>
        {(invoice.remindersSent > 0 || invoice.reminderInterval !== null) && (
          <>
            <dt>{t('detail.late.sent')}</dt>
            <dd data-testid="reminders-sent">{t('detail.late.sentCount', { count: invoice.remindersSent })}</dd>
          </>
        )}
        {invoice.nextReminder && (
          <>
            <dt>{t('detail.late.next')}</dt>
            <dd data-testid="next-reminder">
              {t(`detail.late.nextReminder${invoice.nextReminder.sequence}`, { date: day(invoice.nextReminder.date) })}
            </dd>
          </>
        )}
        <dt>{t('detail.late.fee')}</dt>
        <dd>
          {invoice.reminderFee === null
            ? t('detail.late.feeNone')
            : invoice.reminderFeeCharged > 0
              ? t('detail.late.feeCharged', {
                  amount: money(invoice.reminderFeeCharged, 'SEK'),
                  paid: money(invoice.reminderFeePaid, 'SEK'),
                })
              : t('detail.late.feeStated', { amount: money(invoice.reminderFee, 'SEK') })}
        </dd>
        <dt>{t('detail.late.rate')}</dt>
        <dd>{rate}</dd>
        {interest && (
          <>
            <dt>{interest.paidInFull ? t('detail.late.interestPaidLate') : t('detail.late.interestSoFar')}</dt>
            <dd data-testid="late-interest">
              {interest.status === 'rate_unknown' || interest.amount === null
                ? t('detail.late.rateUnknown', { date: day(interest.rateUnknownFrom ?? interest.until) })
                : t('detail.late.interestAmount', {
                    amount: money(interest.amount),
                    count: interest.days,
                    date: day(interest.until),
                  })}
            </dd>
          </>
        )}
        {invoice.interestInvoice && (
          <>
            <dt>{t('detail.late.interestInvoice')}</dt>
            <dd>
              <Link to={`/dashboard/invoices/${invoice.interestInvoice.id}`}>
                {invoice.interestInvoice.number === null
                  ? t('detail.late.interestInvoiceDraft')
                  : t('detail.late.invoiceLink', { number: invoice.interestInvoice.number })}
              </Link>
            </dd>
          </>
        )}
      </dl>
      {invoice.reminderFee !== null && <p className="invoice-detail__muted">{t('detail.late.feeNote')}</p>}
      {canInvoiceInterest && (
        <div className="invoice-detail__downloads invoice-detail__late-action">
          <Button variant="primary" onClick={() => setOpen(true)}>
            <Icon icon={icons.mail} size={18} />
            {t('detail.late.send', { amount: money(interest.amount ?? 0) })}
          </Button>
        </div>
      )}
      {canInvoiceInterest && (
        <InterestDialog
          invoice={invoice}
          amount={money(interest.amount ?? 0)}
          open={open}
          onClose={() => setOpen(false)}
          onSent={(sent) => {
            setOpen(false);
            onSent(sent);
          }}
        />
      )}
    </section>
  );
}

/** The interest invoice's confirmation: what goes to whom, one idempotency key per opening (sent once). */
function InterestDialog({
  invoice,
  amount,
  open,
  onClose,
  onSent,
}: {
  invoice: Invoice;
  amount: string;
  open: boolean;
  onClose: () => void;
  onSent: (interest: Invoice) => void;
}) {
  const { t } = useTranslation(NAMESPACE);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const key = useRef<string | null>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const alert = useRef<HTMLDivElement>(null);
  const close = () => {
    key.current = null;
    setFailure(null);
    onClose();
  };
  const confirm = async () => {
    if (sending) return;
    key.current ??= crypto.randomUUID();
    setSending(true);
    setFailure(null);
    const result = await sendInterestInvoice(invoice.id, key.current);
    setSending(false);
    if (result.ok) {
      key.current = null;
      onSent(result.data);
      return;
    }
    const code = failureCode(result);
    setFailure(
      t(`detail.late.errors.${code}`, {
        defaultValue: t('detail.late.errors.generic'),
      }),
    );
    requestAnimationFrame(() => alert.current?.focus());
  };
  return (
    <ModalDialog
      open={open}
      onClose={close}
      role="alertdialog"
      titleId="interest-invoice-title"
      descriptionId="interest-invoice-text"
      busy={sending}
      initialFocusRef={cancel}
    >
      <h2 id="interest-invoice-title">{t('detail.late.dialog.title')}</h2>
      <div id="interest-invoice-text">
        <p>
          {t('detail.late.dialog.what', {
            amount,
            customer: invoice.recipient.name,
            number: invoice.number ?? '',
          })}
        </p>
        <p>{t('detail.late.dialog.how')}</p>
      </div>
      {failure && (
        <Alert alertRef={alert}>
          <p>{failure}</p>
        </Alert>
      )}
      <DialogActions>
        <Button ref={cancel} onClick={close} disabled={sending}>
          {t('detail.late.dialog.cancel')}
        </Button>
        <Button variant="primary" onClick={() => void confirm()} disabled={sending} busy={sending}>
          {t('detail.late.dialog.confirm')}
        </Button>
      </DialogActions>
    </ModalDialog>
  );
}
