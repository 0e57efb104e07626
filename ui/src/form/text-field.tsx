import type { HTMLAttributes, ReactNode, Ref } from 'react';
import { cx } from '../class-names.ts';
import { useUiText } from '../i18n/ui-text.tsx';
import styles from './field.module.css';

export type TextFieldProps = {
  id: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  /** Already translated; marks the input invalid and is read out with it. */
  error?: string | undefined;
  hint?: ReactNode;
  type?: 'text' | 'email' | 'password' | 'tel' | 'search' | 'date';
  autoComplete?: string;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  /** Adds "(optional)" to the label; every other field is required. */
  optional?: boolean;
  disabled?: boolean;
  /** Shown but not changeable here (a dashed frame says so). */
  readOnly?: boolean;
  /** An example of the format, never instead of a label or hint. */
  placeholder?: string | undefined;
  maxLength?: number;
  min?: string;
  max?: string;
  spellCheck?: boolean;
  autoCapitalize?: string;
  inputRef?: Ref<HTMLInputElement>;
  /** A unit shown at the end of the input, e.g. "%" or "kr". */
  suffix?: string;
  /** A control inside the input's frame, e.g. the show-password button. */
  action?: ReactNode;
  /** An icon at the start of the input (a search box's magnifier). */
  icon?: ReactNode;
  onBlur?: () => void;
  /** On the field's wrapper, for the app's layout (width, margins). */
  className?: string | undefined;
};

/** A labelled input with its hint and error wired up for assistive technology. */
export function TextField(props: TextFieldProps) {
  const text = useUiText();
  const { id, label, value, onChange, error, hint, optional, suffix, action, icon, className } = props;
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  const input = (
    <input
      id={id}
      ref={props.inputRef}
      className={styles.input}
      type={props.type ?? 'text'}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onBlur={props.onBlur}
      autoComplete={props.autoComplete}
      inputMode={props.inputMode}
      disabled={props.disabled}
      readOnly={props.readOnly}
      placeholder={props.placeholder}
      maxLength={props.maxLength}
      min={props.min}
      max={props.max}
      spellCheck={props.spellCheck}
      autoCapitalize={props.autoCapitalize}
      // A search box is never "required"; a value that cannot be changed here is not either.
      aria-required={optional || props.readOnly || props.type === 'search' ? undefined : true}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy || undefined}
    />
  );
  return (
    <div className={cx(styles.field, className)}>
      <label className={styles.label} htmlFor={id}>
        {label}
        {optional && <span className={styles.optional}> {text('form.optional')}</span>}
      </label>
      {hint && (
        <p className={styles.hint} id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {suffix || action || icon ? (
        <div
          className={cx(
            styles.frame,
            suffix && styles.withSuffix,
            action ? styles.withAction : undefined,
            icon ? styles.withIcon : undefined,
          )}
        >
          {icon && <span className={styles.leadingIcon}>{icon}</span>}
          {input}
          {suffix && (
            <span className={styles.suffix} aria-hidden="true">
              {suffix}
            </span>
          )}
          {action}
        </div>
      ) : (
        input
      )}
      {error && (
        <p className={styles.error} id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
