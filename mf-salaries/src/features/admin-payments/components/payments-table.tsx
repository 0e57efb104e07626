import { useTranslation } from 'react-i18next';
import { Button } from '@frilo/ui/button';
import { ResponsiveTable } from '@frilo/ui/responsive-table';
import { StatusBadge } from '@frilo/ui/status-badge';
import { useShell } from '@frilo/ui/shell-context';
import { NAMESPACE } from '../../../app/namespace.ts';
import { day } from '../../../lib/format.ts';
import { formatMoney as money } from '@frilo/ui/money';
import type { IncomingPayment } from '../api/payments.ts';

/** Incoming payments: when, how much, from whom with which reference, and what became of each. */
export function PaymentsTable({
  caption,
  payments,
  onMatch,
}: {
  caption: string;
  payments: readonly IncomingPayment[];
  onMatch?: (payment: IncomingPayment) => void;
}) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useShell();
  const outcome = (payment: IncomingPayment) => {
    if (payment.status === 'unmatched') {
      return (
        <StatusBadge tone="attention">
          {t(`payments.unmatched.${payment.unmatchedReason ?? 'unknown_reference'}`)}
        </StatusBadge>
      );
    }
    const invoice = payment.invoice;
    return (
      <>
        <StatusBadge tone="success">{t('payments.matchedTo', { number: invoice?.number ?? '–' })}</StatusBadge>
        <div className="salary-muted">
          {invoice &&
            t(`payments.invoiceState.${invoice.status === 5 ? 'paid' : invoice.status === 4 ? 'partly' : 'other'}`)}
          {payment.overpaidAmount > 0 &&
            ` · ${t('payments.overpaid', { amount: money(payment.overpaidAmount, invoice?.currency ?? payment.amount.currency, locale) })}`}
        </div>
      </>
    );
  };
  const reference = (payment: IncomingPayment) => payment.reference ?? payment.informationText.join(' ') ?? '–';
  const matchButton = (payment: IncomingPayment) =>
    onMatch && payment.status === 'unmatched' && payment.kind === 'payment' ? (
      <Button size="small" onClick={() => onMatch(payment)}>
        {t('payments.match')}
        <span className="visually-hidden"> {reference(payment)}</span>
      </Button>
    ) : null;
  return (
    <ResponsiveTable
      caption={caption}
      rows={payments}
      rowKey={(payment) => payment.id}
      cardsBelow="xl"
      columns={[
        { key: 'date', header: t('payments.columns.date'), cell: (p) => day(p.paymentDate, locale) },
        {
          key: 'amount',
          header: t('payments.columns.amount'),
          className: 'salary-amount',
          cell: (p) => money(p.amount.amount, p.amount.currency, locale),
        },
        {
          key: 'payer',
          header: t('payments.columns.payer'),
          cell: (p) => (
            <>
              <div>{p.payer.name ?? '–'}</div>
              <div className="salary-muted">{[p.payer.city, p.payer.country].filter(Boolean).join(', ')}</div>
            </>
          ),
        },
        {
          key: 'reference',
          header: t('payments.columns.reference'),
          cell: (p) => (
            <>
              <div className="salary-mono">{p.reference ?? '–'}</div>
              {p.informationText.length > 0 && <div className="salary-muted">{p.informationText.join(' ')}</div>}
            </>
          ),
        },
        { key: 'outcome', header: t('payments.columns.outcome'), cell: outcome },
        ...(onMatch
          ? [
              {
                key: 'actions',
                header: t('payments.columns.actions'),
                headerHidden: true,
                actions: true,
                cell: matchButton,
              },
            ]
          : []),
      ]}
      card={(p) => (
        <>
          <div className="salary-card__top">
            <h3 className="salary-card__title">{money(p.amount.amount, p.amount.currency, locale)}</h3>
            <span className="salary-muted">{day(p.paymentDate, locale)}</span>
          </div>
          <p>
            {p.payer.name ?? '–'} · <span className="salary-mono">{p.reference ?? '–'}</span>
          </p>
          {p.informationText.length > 0 && <p className="salary-muted">{p.informationText.join(' ')}</p>}
          <div>{outcome(p)}</div>
          {matchButton(p) && <div className="salary-card__actions">{matchButton(p)}</div>}
        </>
      )}
    />
  );
}
