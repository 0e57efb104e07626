import type { ReactNode, Ref } from 'react';
import { cx } from '../class-names.ts';
import styles from './field.module.css';

export type RadioOption<V extends string> = {
  value: V;
  label: string;
  description?: ReactNode;
  /** The label's language when it differs from the page's (a language named in itself). */
  lang?: string;
};

/** A fieldset of radio boxes, each with an optional description under its label. */
export function RadioGroupField<V extends string>(props: {
  name: string;
  legend: string;
  options: readonly RadioOption<V>[];
  value: V;
  onChange: (value: V) => void;
  hint?: ReactNode;
  error?: string | undefined;
  /** Focus target for errors: the chosen option (or the first). */
  inputRef?: Ref<HTMLInputElement>;
  /** Hides the legend visually when a heading above already says it. */
  legendHidden?: boolean;
  /** Options side by side when the form is wide enough (one under the other on phones). */
  inline?: boolean;
  className?: string | undefined;
}) {
  const { name, legend, options, value, onChange, hint, error } = props;
  const describedBy = [hint ? `${name}-hint` : '', error ? `${name}-error` : ''].filter(Boolean).join(' ');
  const focusIndex = Math.max(
    0,
    options.findIndex((option) => option.value === value),
  );
  return (
    <fieldset className={cx(styles.field, styles.radios, props.className)} aria-describedby={describedBy || undefined}>
      <legend className={props.legendHidden ? 'visually-hidden' : styles.label}>{legend}</legend>
      {hint && (
        <p className={styles.hint} id={`${name}-hint`}>
          {hint}
        </p>
      )}
      <div
        className={cx(styles.options, props.inline && styles.inline)}
        data-options={props.inline ? options.length : undefined}
      >
        {options.map((option, index) => {
          const id = `${name}-${option.value}`;
          return (
            <div key={option.value} className={cx(styles.radio, option.value === value && styles.checked)}>
              <input
                id={id}
                ref={index === focusIndex ? props.inputRef : undefined}
                type="radio"
                name={name}
                value={option.value}
                checked={option.value === value}
                onChange={() => onChange(option.value)}
                aria-invalid={error ? true : undefined}
                aria-describedby={option.description ? `${id}-description` : undefined}
              />
              <div className={styles.choiceText}>
                <label htmlFor={id} className={styles.radioLabel} lang={option.lang}>
                  {option.label}
                </label>
                {option.description && (
                  <span className={styles.radioDescription} id={`${id}-description`}>
                    {option.description}
                  </span>
                )}
              </div>
            </div>
          );
        })}
      </div>
      {error && (
        <p className={styles.error} id={`${name}-error`}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
