import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '@frilo/ui/alert';
import { Button } from '@frilo/ui/button';
import { cardClass } from '@frilo/ui/card';
import { Spinner } from '@frilo/ui/spinner';
import { useShell } from '@frilo/ui/shell-context';
import { NAMESPACE } from '../../../app/namespace.ts';
import { formatDay } from '../../../lib/invoice-display.ts';
import { formatMoney } from '@frilo/ui/money';
import type { CurrencyAmount, DashboardSummary } from '../api/dashboard-summary.ts';
import { useDashboardSummary, usePayoutSummary } from '../hooks/use-dashboard-summary.ts';
import { RecentInvoices } from './recent-invoices.tsx';

/**
 * The home screen's figures from getDashboardSummary: what customers owe, what was paid this month, the next payout,
 * and the latest invoices. Amounts in different currencies are listed one per line, never added up.
 */
export function SummaryWidgets({ payoutFallback }: { payoutFallback: ReactNode }) {
  const { t } = useTranslation(NAMESPACE);
  const { state, reload } = useDashboardSummary();
  if (state.kind === 'loading')
    return (
      <div className="dashboard-widgets__loading" role="status">
        <Spinner />
        <span className="visually-hidden">{t('loading')}</span>
      </div>
    );
  if (state.kind === 'failed')
    return (
      <Alert kind="warning">
        <p>{t('dashboard.summaryFailed')}</p>
        <Button size="small" onClick={reload}>
          {t('list.loadFailed.retry')}
        </Button>
      </Alert>
    );
  const { summary } = state;
  return (
    <>
      <div className="invoices-widgets">
        <OutstandingCard summary={summary} />
        <OverdueCard amounts={summary.overdue} />
        <PaidCard amounts={summary.paidThisMonth} />
        <PayoutCard estimate={summary.nextPayout} fallback={payoutFallback} />
      </div>
      <RecentInvoices invoices={summary.recentInvoices} drafts={summary.drafts} />
    </>
  );
}

function Amounts({ amounts, id }: { amounts: CurrencyAmount[]; id: string }) {
  const { locale } = useShell();
  if (amounts.length === 0)
    return (
      <p className="stat-card__value" aria-describedby={id}>
        {formatMoney(0, 'SEK', locale)}
      </p>
    );
  return (
    <ul className="stat-card__amounts" aria-describedby={id}>
      {amounts.map((amount) => (
        <li key={amount.currency} className="stat-card__value">
          {formatMoney(amount.amount, amount.currency, locale)}
        </li>
      ))}
    </ul>
  );
}

const countOf = (amounts: CurrencyAmount[]) => amounts.reduce((sum, amount) => sum + amount.count, 0);

function OutstandingCard({ summary }: { summary: DashboardSummary }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <section className={cardClass({ className: 'stat-card' })} aria-labelledby="widget-outstanding">
      <h2 id="widget-outstanding">{t('dashboard.outstanding.title')}</h2>
      <Amounts amounts={summary.outstanding} id="widget-outstanding-text" />
      <p id="widget-outstanding-text">{t(`dashboard.outstanding.count`, { count: countOf(summary.outstanding) })}</p>
    </section>
  );
}

/**
 * What customers should have paid already: the sum of the overdue invoices (per currency) and the way to the list of
 * them, oldest due first (`?status=overdue`, the API's `overdue` filter: the same invoices as this sum).
 */
function OverdueCard({ amounts }: { amounts: CurrencyAmount[] }) {
  const { t } = useTranslation(NAMESPACE);
  const count = countOf(amounts);
  return (
    <section
      className={cardClass({ className: count > 0 ? 'stat-card stat-card--overdue' : 'stat-card' })}
      aria-labelledby="widget-overdue"
      data-testid="widget-overdue"
    >
      <h2 id="widget-overdue">{t('dashboard.overdue.title')}</h2>
      <Amounts amounts={amounts} id="widget-overdue-text" />
      <p id="widget-overdue-text">{t(`dashboard.overdue.count`, { count })}</p>
      {count > 0 && (
        <Link to="/dashboard/invoices?status=overdue&sort=dueDate&order=asc">{t('dashboard.overdue.show')}</Link>
      )}
    </section>
  );
}

function PaidCard({ amounts }: { amounts: CurrencyAmount[] }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <section className={cardClass({ className: 'stat-card' })} aria-labelledby="widget-paid">
      <h2 id="widget-paid">{t('dashboard.paid.title')}</h2>
      <Amounts amounts={amounts} id="widget-paid-text" />
      <p id="widget-paid-text">{t(`dashboard.paid.count`, { count: countOf(amounts) })}</p>
    </section>
  );
}

/**
 * The next payout: the payments module's real one (its day, amount and salaries), or what is available to pay out
 * now; with neither, `fallback` (the next-salary card: nothing invoiced, waiting for payment, and the rule of the
 * user's payout preference) rather than a date that nothing will be paid on.
 */
function PayoutCard({ estimate, fallback }: { estimate: DashboardSummary['nextPayout']; fallback: ReactNode }) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useShell();
  const payouts = usePayoutSummary();
  const day = (iso: string) => formatDay(iso, locale);
  let amount = estimate.estimatedAmount;
  let text = t(`dashboard.payout.estimate`, { count: estimate.invoiceCount, date: day(estimate.date) });
  if (payouts?.nextPayout) {
    amount = payouts.nextPayout.amount;
    text = t(`dashboard.payout.scheduled`, { count: payouts.nextPayout.itemCount, date: day(payouts.nextPayout.date) });
  } else if (payouts && payouts.availableNow > 0) {
    amount = payouts.availableNow;
    text = t(`dashboard.payout.available`, { count: payouts.availableItemCount, date: day(estimate.date) });
  } else if (estimate.invoiceCount === 0) {
    return fallback;
  }
  return (
    <section className={cardClass({ className: 'stat-card' })} aria-labelledby="widget-payout">
      <h2 id="widget-payout">{t('dashboard.payout.title')}</h2>
      <p className="stat-card__value">{formatMoney(amount, 'SEK', locale)}</p>
      <p>{text}</p>
      {payouts && !payouts.bankDetailsRegistered && (
        <p className="stat-card__warning">{t('dashboard.payout.noBank')}</p>
      )}
      <Link to="/dashboard/salaries/transactions">{t('dashboard.payout.salaries')}</Link>
    </section>
  );
}
