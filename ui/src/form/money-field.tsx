// An amount of money as people type it, in Swedish or English ("1 234,50", "1,234.50", "1234.5"),
// handed to the caller as integer minor units (öre, cents): never a float. The text stays as
// typed while it is being typed; once the field is left it is written the language's way.
import { formatAmount, parseAmount, type AmountOptions } from './number-format.ts';
import { NumericField, type NumericFieldProps } from './numeric-field.tsx';

export type MoneyFieldProps = Omit<NumericFieldProps<number>, 'suffix' | 'parse' | 'format' | 'onValueChange'> &
  AmountOptions & {
    /** The currency shown in the field, e.g. "kr" or "EUR". */
    currency: string;
    /** Every change as minor units; null while the text is empty or not an amount. */
    onAmountChange?: (minor: number | null) => void;
  };

export function MoneyField({ currency, decimals = 2, min, max, onAmountChange, ...field }: MoneyFieldProps) {
  const options: AmountOptions = {
    decimals,
    ...(min === undefined ? {} : { min }),
    ...(max === undefined ? {} : { max }),
  };
  return (
    <NumericField<number>
      {...field}
      suffix={currency}
      parse={(text, locale) => parseAmount(text, locale, options)}
      format={(minor, locale) => formatAmount(minor, locale, decimals)}
      onValueChange={onAmountChange}
    />
  );
}
