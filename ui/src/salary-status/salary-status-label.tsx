// A salary's or a payout's status as a person reads it, the same on every screen (the salaries list and detail, the
// dashboard's payout card): "Kunden har betalat · utbetalning 2 dec", "På väg till ditt konto · 2 dec", "Utbetald
// 2 dec", "Nekad av banken". The words are the kit's (src/locales/{sv,en}/salary-status.json), so two apps cannot word
// one state two ways; the colour only repeats them.
import { useCallback } from 'react';
import { useUiLocale, useUiText } from '../i18n/ui-text.tsx';
import type { KitTexts } from '../i18n/kit-text.ts';
import { StatusBadge, type BadgeTone } from '../status-badge/status-badge.tsx';
import en from '../locales/en/salary-status.json' with { type: 'json' };
import sv from '../locales/sv/salary-status.json' with { type: 'json' };
import { shortDay, statusWords, swedishToday, type StatusRow, type StatusWords } from './salary-status.ts';

export type { StatusRow };

const TEXTS: KitTexts = { sv, en };

const TONE: Record<StatusWords['key'], BadgeTone> = {
  customerPaid: 'info',
  customerPaidNoAccount: 'attention',
  onItsWay: 'info',
  paidOut: 'success',
  denied: 'danger',
  failed: 'danger',
};

/** `(row) => "På väg till ditt konto · 2 dec"`, in the shown language. */
export function useSalaryStatusText(): (row: StatusRow) => string {
  const text = useUiText(TEXTS);
  const locale = useUiLocale();
  return useCallback(
    (row: StatusRow) => {
      const words = statusWords(row);
      // The day never breaks over two lines ("1 / dec."); where the words wrap, they wrap before it.
      return text(`salaryStatus.${words.key}`, {
        date: words.date ? shortDay(words.date, locale, swedishToday()).replaceAll(' ', '\u00a0') : '',
      });
    },
    [text, locale],
  );
}

/** The status in a badge: the words, their tone repeated by the colour. */
export function SalaryStatusLabel({ row, className }: { row: StatusRow; className?: string }) {
  const text = useSalaryStatusText();
  return (
    <StatusBadge tone={TONE[statusWords(row).key]} {...(className ? { className } : {})}>
      {text(row)}
    </StatusBadge>
  );
}
