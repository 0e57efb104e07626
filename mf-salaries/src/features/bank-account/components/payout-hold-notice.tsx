import { useTranslation } from 'react-i18next';
import { Alert } from '@frilo/ui/alert';
import { useShell } from '@frilo/ui/shell-context';
import { NAMESPACE } from '../../../app/namespace.ts';
import { moment } from '../../../lib/format.ts';
import type { PayoutHold } from '../api/bank-account.ts';

/**
 * What holds payouts to the salary account (docs/product/payments.md#payout-holds): after a change, until when, why,
 * and how to release it (the link in the email); after "it wasn't me", what to do now.
 */
export function PayoutHoldNotice({ hold }: { hold: PayoutHold }) {
  const { t } = useTranslation(NAMESPACE);
  const { locale, session } = useShell();
  const values = {
    account: hold.account,
    previous: hold.previousAccount ?? '',
    changedAt: moment(hold.changedAt, locale),
    until: hold.until ? moment(hold.until, locale) : '',
    hours: hold.until ? Math.round((Date.parse(hold.until) - Date.parse(hold.changedAt)) / 3_600_000) : 0,
    email: session?.user.email ?? '',
  };
  if (hold.state === 'stopped') {
    return (
      <Alert kind="warning" className="salary-hold">
        <h3 className="salary-hold__title">{t('hold.stopped.title', values)}</h3>
        <p>{t(hold.previousAccount ? 'hold.stopped.change' : 'hold.stopped.registration', values)}</p>
        <p>{t('hold.stopped.next', values)}</p>
      </Alert>
    );
  }
  return (
    <Alert kind="warning" className="salary-hold">
      <h3 className="salary-hold__title">{t('hold.coolingOff.title', values)}</h3>
      <p>{t('hold.coolingOff.why', values)}</p>
      <p>{t('hold.coolingOff.release', values)}</p>
      <p>{t('hold.coolingOff.notYou', values)}</p>
    </Alert>
  );
}
