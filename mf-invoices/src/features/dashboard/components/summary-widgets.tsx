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
import { SalaryStatusLabel } from '@frilo/ui/salary-status-label';
import { usePayoutStatus, type useDashboardSummary } from '../hooks/use-dashboard-summary.ts';
import type { PayoutLine } from '../state/payout-lines.ts';
import { RecentInvoices } from './recent-invoices.tsx';

/**
 * The home screen's figures from getDashboardSummary: what customers owe, what was paid this month, the next payout,
 * and the latest invoices. Amounts in different currencies are listed one per line, never added up. The home screen
 * reads the summary once (`state`, `reload`) and `payoutFallback` gets it too: it draws the next-salary card when
 * nothing is paid or on its way, with the latest payout's line if there is one.
 */
export function SummaryWidgets({
  state,
  reload,
  payoutFallback,
}: ReturnType<typeof useDashboardSummary> & {
  payoutFallback: (latest: ReactNode, summary: DashboardSummary) => ReactNode;
}) {
  const { t } = useTranslation(NAMESPACE);
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
        <PayoutCard estimate={summary.nextPayout} fallback={(latest) => payoutFallback(latest, summary)} />
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
 * The next payout in the salaries list's words: what happened and what comes next, each with its day and amount
 * ("På väg till ditt konto · 2 dec", "Kunden har betalat · utbetalning 21 dec", the latest "Utbetald 20 nov" or
 * "Nekad av banken"), under the total of the next bank day money leaves. Without the payments module's answer, the
 * estimate; with nothing paid and nothing on its way, `fallback` (the next-salary card: nothing invoiced, waiting for
 * payment, and the rule of the user's payout preference) rather than a date that nothing will be paid on.
 */
function PayoutCard({
  estimate,
  fallback,
}: {
  estimate: DashboardSummary['nextPayout'];
  fallback: (latest: ReactNode) => ReactNode;
}) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useShell();
  const status = usePayoutStatus();
  const latest = status?.lines.latest ?? null;
  const upcoming = status?.lines.upcoming ?? [];
  if (status && upcoming.length === 0) {
    return fallback(latest && <PayoutLineList lines={[latest]} />);
  }
  if (!status && estimate.invoiceCount === 0) return fallback(null);
  const summary = status?.summary;
  const amount = summary ? (summary.nextPayout?.amount ?? summary.availableNow) : estimate.estimatedAmount;
  const lines = latest ? [...upcoming, latest] : upcoming;
  const saysNoAccount = upcoming.some(
    (line) => line.row.status === 'completed_invoice' && !line.row.expectedPayoutDate,
  );
  return (
    <section className={cardClass({ className: 'stat-card' })} aria-labelledby="widget-payout">
      <h2 id="widget-payout">{t('dashboard.payout.title')}</h2>
      <p className="stat-card__value">{formatMoney(amount, 'SEK', locale)}</p>
      {status ? (
        <PayoutLineList lines={lines} total={amount} />
      ) : (
        <p>
          {t(`dashboard.payout.estimate`, { count: estimate.invoiceCount, date: formatDay(estimate.date, locale) })}
        </p>
      )}
      {summary && !summary.bankDetailsRegistered && !saysNoAccount && (
        <p className="stat-card__warning">{t('dashboard.payout.noBank')}</p>
      )}
      <Link to="/dashboard/salaries/transactions">{t('dashboard.payout.salaries')}</Link>
    </section>
  );
}

/**
 * Each line: the status in the salaries list's words (its badge), the amount (unless the card's figure above already
 * says it: one line of that amount), and how many salaries it holds.
 */
export function PayoutLineList({ lines, total = null }: { lines: PayoutLine[]; total?: number | null }) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useShell();
  const amountSaid = lines.length === 1 && lines[0]!.amount === total;
  return (
    <ul className="payout-lines" data-testid="payout-lines">
      {lines.map((line, index) => {
        const parts = [
          ...(amountSaid ? [] : [formatMoney(line.amount, 'SEK', locale)]),
          ...(line.salaries === null ? [] : [t('dashboard.payout.salaryCount', { count: line.salaries })]),
        ];
        return (
          <li key={index}>
            <SalaryStatusLabel row={line.row} className="payout-lines__status" />
            {parts.length > 0 && <span className="payout-lines__amount">{parts.join(' · ')}</span>}
          </li>
        );
      })}
    </ul>
  );
}
