// A calendar date: the browser's own date picker (keyboard, screen readers and phones handle it),
// the value as ISO `YYYY-MM-DD` (no time, no time zone), optionally bounded.
import { TextField, type TextFieldProps } from './text-field.tsx';

export type DateFieldProps = Omit<
  TextFieldProps,
  'type' | 'inputMode' | 'suffix' | 'action' | 'icon' | 'min' | 'max' | 'placeholder' | 'maxLength'
> & {
  /** Earliest and latest date allowed, `YYYY-MM-DD`. */
  min?: string;
  max?: string;
};

export function DateField(props: DateFieldProps) {
  return <TextField {...props} type="date" autoComplete={props.autoComplete ?? 'off'} />;
}

/** Whether a value is a real calendar date in ISO form (`2026-02-30` is not). */
export function isIsoDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
