import { useTranslation } from 'react-i18next';
import { cardClass } from '@frilo/ui/card';
import { formatRate } from '@frilo/ui/form/number-format';
import { useShell } from '@frilo/ui/shell-context';
import { NAMESPACE } from '../../../app/namespace.ts';
import { formatDay } from '../../../lib/invoice-display.ts';
import { formatMoney } from '@frilo/ui/money';
import type { Invoice } from '../api/invoice-detail.ts';

/** A receipt the freelancer uploaded, opened in a tab of its own (GET /api/receipts/{id}, the owner's only). */
const receiptUrl = (id: string) => `/api/receipts/${encodeURIComponent(id)}`;

/**
 * The invoice as the customer got it: the recipient as sent (a snapshot; later changes to the customer never alter
 * it), the dates, the rows, the expenses and the totals per VAT rate, every amount in the invoice's currency.
 */
export function InvoiceDocument({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useShell();
  const money = (minor: number) => formatMoney(minor, invoice.currency, locale);
  const snapshot = invoice.recipient.snapshot;
  return (
    <>
      <div className="invoice-detail__grid">
        <section className={cardClass()} aria-labelledby="invoice-recipient">
          <h2 id="invoice-recipient">{snapshot ? t('detail.recipientAsSent') : t('detail.recipient')}</h2>
          <p className="invoice-detail__recipient-name">{invoice.recipient.name}</p>
          {snapshot ? (
            <address className="invoice-detail__address">
              {snapshot.address.streetName}
              <br />
              {snapshot.address.postalCode} {snapshot.address.city}
              {snapshot.address.country !== 'SE' && (
                <>
                  <br />
                  {snapshot.address.country}
                </>
              )}
              {snapshot.governmentId && (
                <>
                  <br />
                  {t('detail.governmentId', { id: snapshot.governmentId })}
                </>
              )}
              {snapshot.vatNumber && (
                <>
                  <br />
                  {t('detail.vatNumber', { id: snapshot.vatNumber })}
                </>
              )}
              <br />
              {snapshot.eInvoice
                ? t('detail.deliveryEInvoice')
                : t('detail.deliveryEmail', { email: snapshot.email ?? '–' })}
            </address>
          ) : (
            <p className="invoice-detail__muted">{t('detail.recipientNotSent')}</p>
          )}
        </section>
        <section className={cardClass()} aria-labelledby="invoice-facts">
          <h2 id="invoice-facts">{t('detail.facts')}</h2>
          <dl className="invoice-detail__facts">
            <dt>{t('detail.number')}</dt>
            <dd>{invoice.number ?? t('detail.noNumber')}</dd>
            {invoice.ocrNumber && (
              <>
                <dt>{t('detail.ocr')}</dt>
                <dd>{invoice.ocrNumber}</dd>
              </>
            )}
            <dt>{t('detail.invoiceDate')}</dt>
            <dd>{formatDay(invoice.invoiceDate, locale)}</dd>
            <dt>{t('detail.dueDate')}</dt>
            <dd>
              {formatDay(invoice.dueDate, locale)} ({t(`detail.terms`, { count: invoice.paymentTermsDays })})
            </dd>
            {invoice.reference && (
              <>
                <dt>{t('detail.reference')}</dt>
                <dd>{invoice.reference}</dd>
              </>
            )}
            <dt>{t('detail.latePaymentInterest')}</dt>
            <dd>
              {!invoice.latePaymentInterestStatutory && invoice.latePaymentInterest !== null
                ? `${formatRate(invoice.latePaymentInterest, locale)} %`
                : invoice.latePaymentInterest === null
                  ? t('detail.late.rateStatutory')
                  : t('detail.late.rateStatutoryNow', { rate: formatRate(invoice.latePaymentInterest, locale) })}
            </dd>
            {invoice.paidAmount > 0 && (
              <>
                <dt>{t('detail.paidAmount')}</dt>
                <dd>{money(invoice.paidAmount)}</dd>
              </>
            )}
          </dl>
        </section>
      </div>

      <section className={cardClass({ className: 'invoice-detail__section' })} aria-labelledby="invoice-rows">
        <h2 id="invoice-rows">{t('detail.rows.title')}</h2>
        {invoice.rows.length === 0 ? (
          <p className="invoice-detail__muted">{t('detail.rows.none')}</p>
        ) : (
          <ul className="invoice-lines">
            {invoice.rows.map((row, index) => (
              <li key={index} className="invoice-line">
                <span className="invoice-line__description">{row.description}</span>
                <span className="invoice-line__detail">
                  {t('detail.rows.detail', {
                    quantity: formatRate(row.quantity, locale),
                    unit: t(`detail.units.${row.unit}`, { count: row.quantity }),
                    price: money(row.unitPrice),
                    vat: row.vatPercentage,
                  })}
                </span>
                <span className="invoice-line__amount">{money(row.netAmount)}</span>
              </li>
            ))}
          </ul>
        )}
        {invoice.expenses.length > 0 && (
          <>
            <h3 className="invoice-detail__subheading">{t('detail.expenses.title')}</h3>
            <ul className="invoice-lines">
              {invoice.expenses.map((expense, index) => (
                <li key={index} className="invoice-line">
                  <span className="invoice-line__description">{expense.description}</span>
                  <span className="invoice-line__detail">
                    {expense.mileage
                      ? t('detail.expenses.mileage', {
                          km: formatRate(expense.mileage.km, locale),
                          from: expense.mileage.from,
                          to: expense.mileage.to,
                          date: formatDay(expense.mileage.date, locale),
                        })
                      : t('detail.expenses.receipt', {
                          amount: money(expense.amount),
                          vat: expense.vatPercentage ?? 0,
                        })}
                    {expense.receipt && (
                      <>
                        {' · '}
                        <a href={receiptUrl(expense.receipt.id)} target="_blank" rel="noopener">
                          {t('detail.expenses.openReceipt', { name: expense.receipt.fileName })}
                        </a>
                      </>
                    )}
                  </span>
                  <span className="invoice-line__amount">{money(expense.netAmount)}</span>
                </li>
              ))}
            </ul>
          </>
        )}
        <dl className="invoice-totals">
          {invoice.totals.vatBreakdown.map((rate) => (
            <div key={rate.vatPercentage} className="invoice-totals__rate">
              <dt>{t('detail.totals.vatRate', { rate: rate.vatPercentage, taxable: money(rate.taxableAmount) })}</dt>
              <dd>{money(rate.vatAmount)}</dd>
            </div>
          ))}
          <div>
            <dt>{t('detail.totals.exclVat')}</dt>
            <dd>{money(invoice.totals.totalExclVat)}</dd>
          </div>
          <div>
            <dt>{t('detail.totals.vat')}</dt>
            <dd>{money(invoice.totals.totalVat)}</dd>
          </div>
          <div className="invoice-totals__grand">
            <dt>{t('detail.totals.inclVat')}</dt>
            <dd>{money(invoice.totals.totalInclVat)}</dd>
          </div>
        </dl>
        {invoice.recipient.reverseVat && <p className="invoice-detail__muted">{t('detail.totals.reverseVat')}</p>}
      </section>
    </>
  );
}
