import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@frilo/ui/button';
import { Card } from '@frilo/ui/card';
import { useShell } from '@frilo/ui/shell-context';
import { NAMESPACE } from '../../../app/namespace.ts';
import { startBankRegistration } from '../../bank-registration/api/bank-registration.ts';
import type { BankDetails } from '../api/bank-account.ts';

/**
 * The salary account on the transactions screen: which account salaries go to (masked), and the way to register or
 * change it (the provider's page). An admin acting as the freelancer sees it but cannot change it (issue 21).
 */
export function SalaryAccountCard({ details }: { details: BankDetails }) {
  const { t } = useTranslation(NAMESPACE);
  const { locale, session } = useShell();
  const [starting, setStarting] = useState(false);
  const [failed, setFailed] = useState(false);
  const impersonating = session?.isImpersonating === true;

  const start = async () => {
    setStarting(true);
    setFailed(false);
    const url = await startBankRegistration(locale);
    if (url) window.location.assign(url);
    else {
      setStarting(false);
      setFailed(true);
    }
  };

  return (
    <Card labelledBy="salary-account-title" className="salary-account">
      <div className="salary-account__text">
        <h2 id="salary-account-title">{t('account.title')}</h2>
        {details.account ? (
          <p>
            {t('account.paidTo')} <strong data-testid="salary-account">{details.account.masked}</strong>
          </p>
        ) : (
          <p>{t('account.none')}</p>
        )}
        {impersonating && <p className="salary-muted">{t('account.ownerOnly')}</p>}
        {failed && (
          <p className="salary-error" role="alert">
            {t('account.startFailed')}
          </p>
        )}
      </div>
      <Button
        variant={details.account ? 'default' : 'primary'}
        disabled={impersonating || starting}
        busy={starting}
        onClick={() => void start()}
      >
        {t(details.account ? 'account.change' : 'account.register')}
      </Button>
    </Card>
  );
}
