import { useTranslation } from 'react-i18next';
import { StatusBadge, type BadgeTone } from '@frilo/ui/status-badge';
import { useShell } from '@frilo/ui/shell-context';
import { NAMESPACE } from '../../../app/namespace.ts';
import { swedishToday } from '../../../lib/format.ts';
import { shortDay, statusWords, type StatusWords } from '../state/status-words.ts';
import type { Status } from '../state/transaction-query.ts';

const TONE: Record<StatusWords['key'], BadgeTone> = {
  customerPaid: 'info',
  customerPaidNoAccount: 'attention',
  onItsWay: 'info',
  paidOut: 'success',
  denied: 'danger',
  failed: 'danger',
};

/**
 * A salary's or a payout's status in words that say what happened and what comes next ("Kunden har betalat ·
 * utbetalning 2 dec", "På väg till ditt konto · 2 dec", "Utbetald 2 dec"); the colour only repeats the words.
 */
export function StatusLabel({
  row,
}: {
  row: { status: Status; expectedPayoutDate: string | null; payoutDate: string | null };
}) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useShell();
  const words = statusWords(row);
  return (
    <StatusBadge tone={TONE[words.key]}>
      {t(`statusWords.${words.key}`, { date: words.date ? shortDay(words.date, locale, swedishToday()) : '' })}
    </StatusBadge>
  );
}
