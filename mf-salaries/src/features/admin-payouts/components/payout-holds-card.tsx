import { useTranslation } from 'react-i18next';
import { Card } from '@frilo/ui/card';
import { LoadingIndicator } from '@frilo/ui/loading';
import { ResponsiveTable } from '@frilo/ui/responsive-table';
import { useShell } from '@frilo/ui/shell-context';
import { StatusBadge } from '@frilo/ui/status-badge';
import { NAMESPACE } from '../../../app/namespace.ts';
import { LoadFailed } from '../../../components/load-failed.tsx';
import { moment } from '../../../lib/format.ts';
import { formatSek as sek } from '@frilo/ui/money';
import { useLoad } from '../../../lib/use-load.ts';
import { listPayoutHolds, type HeldPayoutAccount } from '../api/payouts.ts';

/**
 * The back office's view of held payouts (docs/product/payments.md#payout-holds): whose salary account was changed
 * and is in its waiting time, or stopped by the freelancer, and what waits to be paid. Read-only: only the freelancer
 * releases a hold (from the email) or lifts a stop (by registering an account).
 */
export function PayoutHoldsCard() {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useShell();
  const holds = useLoad((signal) => listPayoutHolds(signal), 'holds');

  const state = (row: HeldPayoutAccount) =>
    row.hold.state === 'stopped' ? (
      <>
        <StatusBadge tone="danger">{t('admin.payouts.holds.stoppedBadge')}</StatusBadge>{' '}
        {t('admin.payouts.holds.stopped', { changedAt: moment(row.hold.changedAt, locale) })}
      </>
    ) : (
      <>
        <StatusBadge tone="attention">{t('admin.payouts.holds.coolingOffBadge')}</StatusBadge>{' '}
        {t('admin.payouts.holds.coolingOff', {
          changedAt: moment(row.hold.changedAt, locale),
          until: moment(row.hold.until ?? row.hold.changedAt, locale),
        })}
      </>
    );
  const account = (row: HeldPayoutAccount) => (
    <>
      <div>{row.hold.account}</div>
      {row.hold.previousAccount && (
        <div className="salary-muted">{t('admin.payouts.holds.from', { previous: row.hold.previousAccount })}</div>
      )}
    </>
  );
  const waiting = (row: HeldPayoutAccount) =>
    t('admin.payouts.holds.waiting', { amount: sek(row.waitingAmount, locale), count: row.waitingItemCount });

  return (
    <Card labelledBy="holds-title">
      <h2 id="holds-title">{t('admin.payouts.holds.title')}</h2>
      <p className="salary-muted">{t('admin.payouts.holds.lead')}</p>
      {holds.failure && <LoadFailed failure={holds.failure} onRetry={holds.reload} />}
      {!holds.data && !holds.failure && <LoadingIndicator />}
      {holds.data &&
        (holds.data.items.length === 0 ? (
          <p>{t('admin.payouts.holds.none')}</p>
        ) : (
          <ResponsiveTable
            caption={t('admin.payouts.holds.title')}
            rows={holds.data.items}
            rowKey={(row) => row.userId}
            cardsBelow="lg"
            columns={[
              {
                key: 'who',
                header: t('admin.payouts.holds.columns.who'),
                cell: (row) => (
                  <>
                    <div>{row.name}</div>
                    <div className="salary-muted">{row.email}</div>
                  </>
                ),
              },
              { key: 'account', header: t('admin.payouts.holds.columns.account'), cell: account },
              { key: 'hold', header: t('admin.payouts.holds.columns.hold'), cell: state },
              {
                key: 'waiting',
                header: t('admin.payouts.holds.columns.waiting'),
                className: 'salary-amount',
                cell: waiting,
              },
            ]}
            card={(row) => (
              <>
                <div className="salary-card__top">
                  <h3 className="salary-card__title">{row.name}</h3>
                  <span>{sek(row.waitingAmount, locale)}</span>
                </div>
                <p className="salary-muted">{row.email}</p>
                {account(row)}
                <p>{state(row)}</p>
              </>
            )}
          />
        ))}
    </Card>
  );
}
