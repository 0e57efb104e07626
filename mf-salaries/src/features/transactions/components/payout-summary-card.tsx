import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@frilo/ui/alert';
import { Button } from '@frilo/ui/button';
import { Card } from '@frilo/ui/card';
import { failureCode } from '@frilo/ui/form/api-result';
import { DialogActions, ModalDialog } from '@frilo/ui/modal-dialog';
import { useShell } from '@frilo/ui/shell-context';
import { NAMESPACE } from '../../../app/namespace.ts';
import { idempotencyKey } from '../../../lib/api-result.ts';
import { day } from '../../../lib/format.ts';
import { formatSek as sek } from '@frilo/ui/money';
import { PayoutHoldNotice } from '../../bank-account/components/payout-hold-notice.tsx';
import { requestPayout, type Payout, type PayoutSummary } from '../api/transactions.ts';
import { payoutNowWords } from '../state/payout-now.ts';

/**
 * The top of the transactions screen: what holds payouts (after a salary account change), what could be paid out now,
 * the next payout's day and amount, and the manual payout. One Idempotency-Key per intended payout: a retry after a
 * lost answer is the same payout.
 */
export function PayoutSummaryCard({ summary, onChanged }: { summary: PayoutSummary; onChanged: () => void }) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useShell();
  const [confirming, setConfirming] = useState(false);
  const [sending, setSending] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const [made, setMade] = useState<Made | null>(null);
  const key = useRef<string | null>(null);
  const held = summary.payoutHold;
  const canPayOut = summary.availableNow > 0 && summary.bankDetailsRegistered && !held;

  const payOut = async () => {
    key.current ??= idempotencyKey();
    // What the screen said before the press (day, account, why not tomorrow): the answer repeats it, since a payout's
    // own account is only filled in when its file is made.
    const said = summary.payoutNow;
    setSending(true);
    const result = await requestPayout(key.current);
    setSending(false);
    setConfirming(false);
    if (result.ok) {
      key.current = null;
      setFailed(null);
      setMade({ payout: result.data, said });
      onChanged();
    } else {
      // A refusal is final for this key; a dead network may have made the payout, so the key is kept for a retry.
      setMade(null);
      setFailed(failureCode(result));
      if (result.status !== 0) {
        key.current = null;
        // What is available changed under us (another tab paid it out): show what is true now.
        onChanged();
      }
    }
  };

  const next = summary.nextPayout;
  return (
    <Card labelledBy="payout-summary-title" className="salary-summary">
      <h2 id="payout-summary-title" className="visually-hidden">
        {t('summary.title')}
      </h2>
      {held && <PayoutHoldNotice hold={held} />}
      <dl className="salary-summary__figures">
        <div>
          <dt>{t('summary.available')}</dt>
          <dd className="salary-summary__amount" data-testid="available-now">
            {sek(summary.availableNow, locale)}
          </dd>
          <dd className="salary-summary__note">{t('summary.availableItems', { count: summary.availableItemCount })}</dd>
        </div>
        <div>
          <dt>{t('summary.next')}</dt>
          {next ? (
            <>
              <dd className="salary-summary__amount" data-testid="next-payout-amount">
                {sek(next.amount, locale)}
              </dd>
              <dd className="salary-summary__note" data-testid="next-payout-date">
                {t('summary.nextDate', { date: day(next.date, locale) })}
              </dd>
            </>
          ) : (
            <dd className="salary-summary__note">{t('summary.nothingScheduled')}</dd>
          )}
        </div>
        <div>
          <dt>{t('summary.preference')}</dt>
          <dd className="salary-summary__note">{t(`summary.preferences.${summary.payoutPreference}`)}</dd>
        </div>
      </dl>
      {!summary.bankDetailsRegistered && (
        <Alert kind="warning">
          <p>{t('summary.noBankDetails')}</p>
        </Alert>
      )}
      {made && <PayoutMade made={made} />}
      {failed && (
        <Alert>
          <p>{t([`payout.errors.${failed}`, 'payout.errors.generic'])}</p>
        </Alert>
      )}
      <div className="salary-summary__actions">
        <Button variant="primary" disabled={!canPayOut} onClick={() => setConfirming(true)}>
          {t('payout.button')}
        </Button>
        {canPayOut && summary.payoutNow && <PayoutNowText payoutNow={summary.payoutNow} />}
        {!canPayOut && summary.bankDetailsRegistered && (
          <p className="salary-summary__note">{t(held ? `payout.held.${held.state}` : 'payout.nothing')}</p>
        )}
      </div>
      <ModalDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        titleId="payout-confirm-title"
        descriptionId="payout-confirm-text"
        role="alertdialog"
        busy={sending}
      >
        <h2 id="payout-confirm-title">{t('payout.confirmTitle')}</h2>
        <p id="payout-confirm-text">
          {summary.payoutNow
            ? t('payout.confirmTextWhen', {
                amount: sek(summary.availableNow, locale),
                date: day(summary.payoutNow.date, locale),
                account: summary.payoutNow.account,
              })
            : t('payout.confirmText', { amount: sek(summary.availableNow, locale) })}
        </p>
        {summary.payoutNow && <PayoutNowReasons payoutNow={summary.payoutNow} />}
        <DialogActions>
          <Button onClick={() => setConfirming(false)} disabled={sending}>
            {t('payout.cancel')}
          </Button>
          <Button variant="primary" busy={sending} disabled={sending} onClick={() => void payOut()}>
            {t('payout.confirm')}
          </Button>
        </DialogActions>
      </ModalDialog>
    </Card>
  );
}

type PayoutNow = NonNullable<PayoutSummary['payoutNow']>;

/** A payout just made, with what the screen said it would do when it was asked for. */
type Made = { payout: Payout; said: PayoutNow | null };

/**
 * "Klart": the amount, the day it leaves our bank and the account it goes to (masked), and why that day is not
 * tomorrow when it is not. The reasons are the ones shown before the press, so only when the payout took that day
 * (a payout file made in between moves it a bank day on).
 */
function PayoutMade({ made: { payout, said } }: { made: Made }) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useShell();
  const account = payout.account ?? said?.account ?? null;
  return (
    <Alert kind="success">
      <div data-testid="payout-made">
        <p>
          {t(account ? 'payout.madeTo' : 'payout.made', {
            amount: sek(payout.amount, locale),
            date: day(payout.executionDate, locale),
            account: account ?? '',
          })}
        </p>
        {said && said.date === payout.executionDate && <PayoutNowReasons payoutNow={said} />}
      </div>
    </Alert>
  );
}

/** Beside the button: the day the money leaves and the account it goes to, and why not tomorrow when it is not. */
function PayoutNowText({ payoutNow }: { payoutNow: PayoutNow }) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useShell();
  return (
    <div className="salary-summary__note" data-testid="payout-now">
      <p>{t('payout.when', { date: day(payoutNow.date, locale), account: payoutNow.account })}</p>
      <PayoutNowReasons payoutNow={payoutNow} />
    </div>
  );
}

/** Why the money does not leave tomorrow: weekends, holidays, or a bank day whose payout file has already gone. */
function PayoutNowReasons({ payoutNow }: { payoutNow: PayoutNow }) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useShell();
  const { reasons } = payoutNowWords(payoutNow);
  if (reasons.length === 0) return null;
  const list = new Intl.ListFormat(locale === 'sv' ? 'sv-SE' : 'en-GB', { type: 'conjunction' });
  return (
    <p>
      {t('payout.notTomorrow', {
        reasons: reasons
          .map(({ reason, days }) =>
            t(`payout.skipped.${reason}`, {
              count: days.length,
              days: list.format(days.map((d) => weekdayAndDay(d, locale))),
            }),
          )
          .join(' '),
      })}
    </p>
  );
}

/** "lördag 28 nov." / "Saturday 28 Nov". */
function weekdayAndDay(iso: string, locale: 'sv' | 'en'): string {
  const [year, month, date] = iso.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(locale === 'sv' ? 'sv-SE' : 'en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year, month - 1, date)));
}
