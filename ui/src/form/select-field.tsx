import type { ReactNode, Ref } from 'react';
import { cx } from '../class-names.ts';
import styles from './field.module.css';

/** A labelled native select (native: right on phones, keyboard and screen readers for free). */
export function SelectField(props: {
  id: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
  error?: string | undefined;
  /** Shown under the select. */
  hint?: ReactNode;
  autoComplete?: string;
  inputRef?: Ref<HTMLSelectElement>;
  className?: string | undefined;
}) {
  const { id, label, value, onChange, options, error, hint, className } = props;
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className={cx(styles.field, className)}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        ref={props.inputRef}
        className={cx(styles.input, styles.select)}
        value={value}
        autoComplete={props.autoComplete}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {hint && (
        <p className={styles.hint} id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className={styles.error} id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
