// A number typed as text (what MoneyField and PercentageField have in common): the text stays as
// typed while typing, each change is also handed over as a value (null while it cannot be read),
// and once the field is left a readable value is written the language's way.
import { useUiLocale } from '../i18n/ui-text.tsx';
import type { NumberLocale, ParseResult } from './number-format.ts';
import { TextField, type TextFieldProps } from './text-field.tsx';

export type NumericFieldProps<V> = Omit<
  TextFieldProps,
  'type' | 'inputMode' | 'suffix' | 'action' | 'icon' | 'onBlur' | 'min' | 'max'
> & {
  suffix: string;
  parse: (text: string, locale: NumberLocale) => ParseResult<V>;
  format: (value: V, locale: NumberLocale) => string;
  onValueChange?: ((value: V | null) => void) | undefined;
};

export function NumericField<V>({ suffix, parse, format, onValueChange, ...field }: NumericFieldProps<V>) {
  const locale = useUiLocale();
  return (
    <TextField
      {...field}
      onChange={(text) => {
        field.onChange(text);
        if (onValueChange) {
          const parsed = parse(text, locale);
          onValueChange(parsed.ok ? parsed.value : null);
        }
      }}
      inputMode="decimal"
      autoComplete={field.autoComplete ?? 'off'}
      suffix={suffix}
      onBlur={() => {
        const parsed = parse(field.value, locale);
        if (!parsed.ok) return;
        const written = format(parsed.value, locale);
        if (written !== field.value) field.onChange(written);
      }}
    />
  );
}
