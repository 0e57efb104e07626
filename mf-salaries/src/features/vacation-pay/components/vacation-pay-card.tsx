import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '@frilo/ui/alert';
import { Button } from '@frilo/ui/button';
import { Card } from '@frilo/ui/card';
import { failureCode } from '@frilo/ui/form/api-result';
import { DialogActions, ModalDialog } from '@frilo/ui/modal-dialog';
import { useShell } from '@frilo/ui/shell-context';
import { NAMESPACE } from '../../../app/namespace.ts';
import { idempotencyKey } from '../../../lib/api-result.ts';
import { formatSek as sek } from '@frilo/ui/money';
import { day, percent } from '../../../lib/format.ts';
import { requestVacationPayPayout, type Payout, type VacationPayBalance } from '../api/vacation-pay.ts';

/**
 * Saved vacation pay ("spara semesterersättning", docs/product/payments.md#saved-vacation-pay): the balance, what
 * taking it out now would give after tax, when it leaves by itself, and the button that takes it out. Without saving,
 * one line saying the vacation pay comes with every salary and where to change that.
 */
export function VacationPayCard({ balance, onChanged }: { balance: VacationPayBalance; onChanged: () => void }) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useShell();
  const [confirming, setConfirming] = useState(false);
  const [sending, setSending] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const [made, setMade] = useState<Payout | null>(null);
  const key = useRef<string | null>(null);
  const now = balance.payoutNow;
  const saving = balance.saveVacationPay || balance.savedAmount > 0 || balance.onTheirWay.length > 0;

  const payOut = async () => {
    key.current ??= idempotencyKey();
    setSending(true);
    const result = await requestVacationPayPayout(key.current);
    setSending(false);
    setConfirming(false);
    if (result.ok) {
      key.current = null;
      setFailed(null);
      setMade(result.data);
      onChanged();
    } else {
      setMade(null);
      setFailed(failureCode(result));
      // A refusal is final for this key; a dead network may have made the payout, so the key is kept for a retry.
      if (result.status !== 0) {
        key.current = null;
        onChanged();
      }
    }
  };

  if (!saving) {
    return (
      <Card labelledBy="vacation-pay-title" className="salary-vacation salary-vacation--quiet">
        <h2 id="vacation-pay-title" className="salary-vacation__title">
          {t('vacationPay.title')}
        </h2>
        <p>
          {t('vacationPay.paidWithSalary')} <Link to="/dashboard/profile">{t('vacationPay.toProfile')}</Link>
        </p>
      </Card>
    );
  }
  return (
    <Card labelledBy="vacation-pay-title" className="salary-vacation">
      <h2 id="vacation-pay-title" className="salary-vacation__title">
        {t('vacationPay.title')}
      </h2>
      <dl className="salary-summary__figures">
        <div>
          <dt>{t('vacationPay.saved')}</dt>
          <dd className="salary-summary__amount" data-testid="vacation-pay-saved">
            {sek(balance.savedAmount, locale)}
          </dd>
          {balance.itemCount > 0 && (
            <dd className="salary-summary__note">{t('vacationPay.savedFrom', { count: balance.itemCount })}</dd>
          )}
        </div>
        <div>
          <dt>{t('vacationPay.ifNow')}</dt>
          {now ? (
            <>
              <dd className="salary-summary__amount" data-testid="vacation-pay-net">
                {sek(now.netAmount, locale)}
              </dd>
              <dd className="salary-summary__note">
                {t('vacationPay.afterTax', {
                  tax: sek(now.incomeTaxAmount, locale),
                  rate: percent(now.incomeTaxRate, locale),
                })}
              </dd>
            </>
          ) : (
            <dd className="salary-summary__note">{t('vacationPay.nothingSaved')}</dd>
          )}
        </div>
        <div>
          <dt>{t('vacationPay.yearly')}</dt>
          <dd className="salary-summary__note" data-testid="vacation-pay-yearly">
            {balance.yearlyPayoutDate
              ? t('vacationPay.yearlyDate', { date: day(balance.yearlyPayoutDate, locale) })
              : t('vacationPay.noBankDetails')}
          </dd>
        </div>
      </dl>
      {balance.onTheirWay.map((payout) => (
        <p key={payout.id} className="salary-summary__note">
          {t('vacationPay.onItsWay', { amount: sek(payout.amount, locale), date: day(payout.executionDate, locale) })}
        </p>
      ))}
      {!balance.saveVacationPay && (
        <p className="salary-summary__note">
          {t('vacationPay.notSavingNow')} <Link to="/dashboard/profile">{t('vacationPay.toProfile')}</Link>
        </p>
      )}
      {made && (
        <Alert kind="success">
          <p>{t('vacationPay.made', { amount: sek(made.amount, locale), date: day(made.executionDate, locale) })}</p>
        </Alert>
      )}
      {failed && (
        <Alert>
          <p>{t([`vacationPay.errors.${failed}`, `payout.errors.${failed}`, 'vacationPay.errors.generic'])}</p>
        </Alert>
      )}
      <div className="salary-summary__actions">
        <Button disabled={!now || !balance.bankDetailsRegistered} onClick={() => setConfirming(true)}>
          {t('vacationPay.button')}
        </Button>
      </div>
      <ModalDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        titleId="vacation-pay-confirm-title"
        descriptionId="vacation-pay-confirm-text"
        role="alertdialog"
        busy={sending}
      >
        <h2 id="vacation-pay-confirm-title">{t('vacationPay.confirmTitle')}</h2>
        {now && (
          <p id="vacation-pay-confirm-text">
            {t('vacationPay.confirmText', {
              gross: sek(now.grossAmount, locale),
              net: sek(now.netAmount, locale),
              date: day(now.date, locale),
            })}
          </p>
        )}
        <DialogActions>
          <Button onClick={() => setConfirming(false)} disabled={sending}>
            {t('payout.cancel')}
          </Button>
          <Button variant="primary" busy={sending} disabled={sending} onClick={() => void payOut()}>
            {t('vacationPay.confirm')}
          </Button>
        </DialogActions>
      </ModalDialog>
    </Card>
  );
}
