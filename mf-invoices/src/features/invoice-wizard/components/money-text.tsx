import { formatAmount } from '@frilo/ui/form/number-format';
import { useUiLocale } from '@frilo/ui/ui-text';

/** An amount in minor units as the language writes it, with its currency ("1 234,50 SEK"). */
export function MoneyText({ amount, currency }: { amount: number; currency: string }) {
  const locale = useUiLocale();
  return (
    <span className="money">
      {formatAmount(amount, locale)}&nbsp;{currency}
    </span>
  );
}
