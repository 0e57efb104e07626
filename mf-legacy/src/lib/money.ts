// An amount in minor units with its currency, as the language writes it ("1 234,50 kr", "SEK 1,234.50").
import { formatAmount } from '@frilo/ui/form/number-format';

export function formatMoney(minor: number, currency: string, locale: 'sv' | 'en'): string {
  const amount = formatAmount(minor, locale);
  if (locale === 'sv') return `${amount}\u00a0${currency === 'SEK' ? 'kr' : currency}`;
  return `${currency}\u00a0${amount}`;
}
