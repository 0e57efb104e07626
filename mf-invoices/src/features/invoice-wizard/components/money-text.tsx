import { formatMoney } from '@frilo/ui/money';
import { useUiLocale } from '@frilo/ui/ui-text';

/** An amount in minor units with its currency, the one way the language writes money ("1 234,50 kr", "SEK 1,234.50"). */
export function MoneyText({ amount, currency }: { amount: number; currency: string }) {
  const locale = useUiLocale();
  return <span className="money">{formatMoney(amount, currency, locale)}</span>;
}
