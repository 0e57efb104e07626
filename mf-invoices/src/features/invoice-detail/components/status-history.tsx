import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cardClass } from '@frilo/ui/card';
import { useShell } from '@frilo/ui/shell-context';
import { NAMESPACE } from '../../../app/namespace.ts';
import { formatMoney } from '@frilo/ui/money';
import { formatDay, formatMoment } from '../../../lib/invoice-display.ts';
import { InvoiceStatusBadge } from '../../invoice-list/components/invoice-status-badge.tsx';
import type { InvoiceEvent } from '../api/invoice-detail.ts';

/**
 * Every status change, newest first, with what happened, who did it and when (the history may be unavailable alone);
 * a reminder with its fee and whether its email went, a payment with its amount, an interest invoice with its link.
 */
export function StatusHistory({ events, currency }: { events: InvoiceEvent[] | null; currency: string }) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useShell();
  return (
    <section className={cardClass({ className: 'invoice-detail__section' })} aria-labelledby="invoice-history">
      <h2 id="invoice-history">{t('detail.history.title')}</h2>
      {events === null ? (
        <p className="invoice-detail__muted">{t('detail.history.unavailable')}</p>
      ) : (
        <ol className="invoice-history" reversed>
          {[...events].reverse().map((event, index) => (
            <li key={`${event.createdAt}-${index}`} className="invoice-history__item">
              <div className="invoice-history__what">
                <span className="invoice-history__event">
                  {t(`detail.history.events.${event.event}`, { defaultValue: event.event })}
                </span>
                <InvoiceStatusBadge status={event.status} statusName={event.statusName} />
              </div>
              <p className="invoice-history__meta">
                <time dateTime={event.createdAt}>{formatMoment(event.createdAt, locale)}</time>
                {' · '}
                {t(`detail.history.actors.${event.actor}`)}
              </p>
              {event.reminder && (
                <p className="invoice-history__reason">
                  {t('detail.history.reminder', {
                    sequence: event.reminder.sequence,
                    outstanding: formatMoney(event.reminder.outstanding, event.reminder.currency, locale),
                  })}{' '}
                  {event.reminder.fee > 0 &&
                    t('detail.history.reminderFee', { fee: formatMoney(event.reminder.fee, 'SEK', locale) })}{' '}
                  {t(`detail.history.reminderDelivery.${event.reminder.delivery}`)}
                </p>
              )}
              {event.payment && (
                <p className="invoice-history__reason">
                  {event.payment.paymentDate
                    ? t('detail.history.paymentOn', {
                        amount: formatMoney(event.payment.amount, currency, locale),
                        date: formatDay(event.payment.paymentDate, locale),
                      })
                    : t('detail.history.payment', { amount: formatMoney(event.payment.amount, currency, locale) })}
                </p>
              )}
              {event.interestInvoice && (
                <p className="invoice-history__reason">
                  <Link to={`/dashboard/invoices/${event.interestInvoice.id}`}>
                    {t('detail.late.invoiceLink', { number: event.interestInvoice.number ?? '' })}
                  </Link>
                </p>
              )}
              {event.reason && <p className="invoice-history__reason">{event.reason}</p>}
              {event.message && (
                <p className="invoice-history__reason invoice-history__message">
                  {t('detail.history.message', { message: event.message })}
                </p>
              )}
              {event.problemCodes.length > 0 && (
                <ul className="invoice-history__problems">
                  {event.problemCodes.map((code) => (
                    <li key={code}>{t(`sending.problems.${code}`, { defaultValue: t('sending.problems.0') })}</li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
