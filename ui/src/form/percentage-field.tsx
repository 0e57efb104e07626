// A percentage as people type it ("32,5", "32.5", "32,5 %"), handed to the caller as an exact
// decimal and in hundredths of a percent: never a float. Rewritten the language's way on leaving.
import { formatRate, parseRate, type Rate, type RateOptions } from './number-format.ts';
import { NumericField, type NumericFieldProps } from './numeric-field.tsx';

export type PercentageFieldProps = Omit<NumericFieldProps<Rate>, 'suffix' | 'parse' | 'format' | 'onValueChange'> &
  RateOptions & {
    /** Every change as a rate; null while the text is empty or not a number in bounds. */
    onRateChange?: (rate: Rate | null) => void;
  };

export function PercentageField({ decimals = 2, min, max, onRateChange, ...field }: PercentageFieldProps) {
  const options: RateOptions = {
    decimals,
    ...(min === undefined ? {} : { min }),
    ...(max === undefined ? {} : { max }),
  };
  return (
    <NumericField<Rate>
      {...field}
      suffix="%"
      parse={(text, locale) => parseRate(text, locale, options)}
      format={(rate, locale) => formatRate(rate.decimal, locale)}
      onValueChange={onRateChange}
    />
  );
}
