// A percentage as people type it ("32,5", "32.5", "32,5 %"), handed to the caller as an exact
// decimal and in hundredths of a percent: never a float. Rewritten the language's way on leaving.
import { useUiLocale } from '../i18n/ui-text.tsx';
import { formatRate, parseRate, type Rate, type RateOptions } from './number-format.ts';
import { TextField, type TextFieldProps } from './text-field.tsx';

export type PercentageFieldProps = Omit<
  TextFieldProps,
  'type' | 'inputMode' | 'suffix' | 'action' | 'icon' | 'onBlur' | 'min' | 'max'
> &
  RateOptions & {
    /** Every change as a rate; null while the text is empty or not a number in bounds. */
    onRateChange?: (rate: Rate | null) => void;
  };

export function PercentageField({ decimals = 2, min, max, onRateChange, ...field }: PercentageFieldProps) {
  const locale = useUiLocale();
  const options: RateOptions = {
    decimals,
    ...(min === undefined ? {} : { min }),
    ...(max === undefined ? {} : { max }),
  };
  const change = (text: string) => {
    field.onChange(text);
    if (onRateChange) {
      const parsed = parseRate(text, locale, options);
      onRateChange(parsed.ok ? parsed.value : null);
    }
  };
  return (
    <TextField
      {...field}
      onChange={change}
      inputMode="decimal"
      autoComplete={field.autoComplete ?? 'off'}
      suffix="%"
      onBlur={() => {
        const parsed = parseRate(field.value, locale, options);
        if (parsed.ok) {
          const written = formatRate(parsed.value.decimal, locale);
          if (written !== field.value) field.onChange(written);
        }
      }}
    />
  );
}
