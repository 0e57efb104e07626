import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card } from '@frilo/ui/card';
import { LoadingIndicator } from '@frilo/ui/loading';
import { useShell } from '@frilo/ui/shell-context';
import { NAMESPACE } from '../../../app/namespace.ts';
import { LoadFailed } from '../../../components/load-failed.tsx';
import { formatSek as sek } from '@frilo/ui/money';
import { day } from '../../../lib/format.ts';
import type { useLoad } from '../../../lib/use-load.ts';
import type { UpcomingPayoutDay, UpcomingPayouts } from '../api/payouts.ts';

/**
 * What each coming bank day's file will pay (listUpcomingPayouts): per day the sum and the freelancers, each with the
 * account paid to and the salary items and saved vacation pay that make their amount, so making a file is never a
 * blind step.
 */
export function UpcomingPayoutsCard({ upcoming }: { upcoming: ReturnType<typeof useLoad<UpcomingPayouts>> }) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useShell();
  const data = upcoming.data;
  return (
    <Card labelledBy="upcoming-title">
      <h2 id="upcoming-title">{t('admin.payouts.upcoming.title')}</h2>
      <p className="salary-muted">{t('admin.payouts.upcoming.lead')}</p>
      {upcoming.failure && <LoadFailed failure={upcoming.failure} onRetry={upcoming.reload} />}
      {!data && !upcoming.failure && <LoadingIndicator />}
      {data &&
        (data.days.length === 0 ? (
          <p data-testid="upcoming-none">
            {t('admin.payouts.upcoming.none', { from: day(data.from, locale), to: day(data.to, locale) })}
          </p>
        ) : (
          <ul className="salary-upcoming">
            {data.days.map((entry) => (
              <UpcomingDay key={entry.date} entry={entry} />
            ))}
          </ul>
        ))}
    </Card>
  );
}

function UpcomingDay({ entry }: { entry: UpcomingPayoutDay }) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useShell();
  return (
    <li>
      <details className="salary-upcoming__day" data-testid={`upcoming-${entry.date}`}>
        <summary>
          <span className="salary-upcoming__date">{day(entry.date, locale)}</span>
          <span>{t('admin.payouts.upcoming.people', { count: entry.freelancerCount })}</span>
          <span className="salary-amount">{sek(entry.amount, locale)}</span>
        </summary>
        <ul className="salary-upcoming__people">
          {entry.freelancers.map((payee) => (
            <li key={payee.userId} className="salary-upcoming__person">
              <div className="salary-card__top">
                <Link to={`/admin/users/${payee.userId}`}>{payee.name}</Link>
                <span className="salary-amount">{sek(payee.amount, locale)}</span>
              </div>
              <p className="salary-muted">
                {t('admin.payouts.upcoming.account', { account: payee.account ?? '–' })}
                {payee.payoutIds.length > 0 && ` · ${t('admin.payouts.upcoming.asked')}`}
              </p>
              <ul className="salary-upcoming__items">
                {payee.items.map((item) => (
                  <li key={`${item.kind}-${item.salaryItemId}`}>
                    {t(`admin.payouts.upcoming.item.${item.kind}`, {
                      number: item.invoiceNumber ?? '–',
                      customer: item.customerName,
                      amount: sek(item.amount, locale),
                    })}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
        {entry.freelancers.length < entry.freelancerCount && (
          <p className="salary-muted">
            {t('admin.payouts.upcoming.more', { shown: entry.freelancers.length, count: entry.freelancerCount })}
          </p>
        )}
      </details>
    </li>
  );
}
