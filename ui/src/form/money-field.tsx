// An amount of money as people type it, in Swedish or English ("1 234,50", "1,234.50", "1234.5"),
// handed to the caller as integer minor units (öre, cents): never a float. The text stays as
// typed while it is being typed; once the field is left it is written the language's way.
import { useUiLocale } from '../i18n/ui-text.tsx';
import { formatAmount, parseAmount, type AmountOptions } from './number-format.ts';
import { TextField, type TextFieldProps } from './text-field.tsx';

export type MoneyFieldProps = Omit<
  TextFieldProps,
  'type' | 'inputMode' | 'suffix' | 'action' | 'icon' | 'onBlur' | 'min' | 'max'
> &
  AmountOptions & {
    /** The currency shown in the field, e.g. "kr" or "EUR". */
    currency: string;
    /** Every change as minor units; null while the text is empty or not an amount. */
    onAmountChange?: (minor: number | null) => void;
  };

export function MoneyField({ currency, decimals = 2, min, max, onAmountChange, ...field }: MoneyFieldProps) {
  const locale = useUiLocale();
  const options: AmountOptions = {
    decimals,
    ...(min === undefined ? {} : { min }),
    ...(max === undefined ? {} : { max }),
  };
  const change = (text: string) => {
    field.onChange(text);
    if (onAmountChange) {
      const parsed = parseAmount(text, locale, options);
      onAmountChange(parsed.ok ? parsed.value : null);
    }
  };
  return (
    <TextField
      {...field}
      onChange={change}
      inputMode="decimal"
      autoComplete={field.autoComplete ?? 'off'}
      suffix={currency}
      onBlur={() => {
        const parsed = parseAmount(field.value, locale, options);
        if (parsed.ok) {
          const written = formatAmount(parsed.value, locale, decimals);
          if (written !== field.value) field.onChange(written);
        }
      }}
    />
  );
}
