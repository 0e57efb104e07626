import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card } from '@frilo/ui/card';
import { LoadingIndicator } from '@frilo/ui/loading';
import { useShell } from '@frilo/ui/shell-context';
import { NAMESPACE } from '../../../app/namespace.ts';
import { LoadFailed } from '../../../components/load-failed.tsx';
import { formatSek as sek } from '@frilo/ui/money';
import { day } from '../../../lib/format.ts';
import { useLoad } from '../../../lib/use-load.ts';
import { getVacationPayOwed } from '../api/payouts.ts';

/** Saved vacation pay is money the platform owes: the total, the contributions set aside with it, the largest. */
export function VacationPayOwedCard({ version }: { version: number }) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useShell();
  const owed = useLoad((signal) => getVacationPayOwed(signal), `owed-${version}`);
  const data = owed.data;
  return (
    <Card labelledBy="owed-title">
      <h2 id="owed-title">{t('admin.payouts.owed.title')}</h2>
      <p className="salary-muted">{t('admin.payouts.owed.lead')}</p>
      {owed.failure && <LoadFailed failure={owed.failure} onRetry={owed.reload} />}
      {!data && !owed.failure && <LoadingIndicator />}
      {data && (
        <>
          <dl className="salary-summary__figures">
            <div>
              <dt>{t('admin.payouts.owed.total')}</dt>
              <dd className="salary-summary__amount" data-testid="owed-total">
                {sek(
                  data.savedAmount + data.socialFeeAmount + data.inPayouts.grossAmount + data.inPayouts.socialFeeAmount,
                  locale,
                )}
              </dd>
            </div>
            <div>
              <dt>{t('admin.payouts.owed.saved')}</dt>
              <dd className="salary-summary__note">
                {t('admin.payouts.owed.savedText', {
                  amount: sek(data.savedAmount, locale),
                  contributions: sek(data.socialFeeAmount, locale),
                  count: data.freelancerCount,
                })}
              </dd>
            </div>
            <div>
              <dt>{t('admin.payouts.owed.inPayouts')}</dt>
              <dd className="salary-summary__note">
                {t('admin.payouts.owed.inPayoutsText', {
                  amount: sek(data.inPayouts.grossAmount, locale),
                  contributions: sek(data.inPayouts.socialFeeAmount, locale),
                  count: data.inPayouts.payoutCount,
                })}
              </dd>
            </div>
            <div>
              <dt>{t('admin.payouts.owed.yearly')}</dt>
              <dd className="salary-summary__note">{day(data.yearlyPayoutDate, locale)}</dd>
            </div>
          </dl>
          {data.largest.length > 0 && (
            <>
              <h3 className="salary-subtitle">{t('admin.payouts.owed.largest')}</h3>
              <ul className="salary-owed__largest">
                {data.largest.map((person) => (
                  <li key={person.userId}>
                    <Link to={`/admin/users/${person.userId}`}>{person.name}</Link>{' '}
                    <span className="salary-muted">{person.email}</span>{' '}
                    <span className="salary-amount">{sek(person.savedAmount, locale)}</span>
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </Card>
  );
}
