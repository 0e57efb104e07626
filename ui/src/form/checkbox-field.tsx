import type { ReactNode, Ref } from 'react';
import { cx } from '../class-names.ts';
import styles from './field.module.css';

/**
 * A checkbox with its label beside it and its error below. With a description the label reads as
 * a title and the description explains it (like the radio boxes).
 */
export function CheckboxField(props: {
  id: string;
  label: ReactNode;
  description?: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  error?: string | undefined;
  inputRef?: Ref<HTMLInputElement>;
  className?: string | undefined;
}) {
  const { id, label, description, checked, onChange, error } = props;
  const describedBy = [description ? `${id}-description` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className={cx(styles.field, styles.checkbox, props.disabled && styles.disabled, props.className)}>
      <div className={styles.checkboxRow}>
        <input
          id={id}
          ref={props.inputRef}
          type="checkbox"
          checked={checked}
          disabled={props.disabled}
          onChange={(event) => onChange(event.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
        />
        <div>
          <label htmlFor={id} className={description ? styles.checkboxTitle : undefined}>
            {label}
          </label>
          {description && (
            <p className={styles.hint} id={`${id}-description`}>
              {description}
            </p>
          )}
        </div>
      </div>
      {error && (
        <p className={styles.error} id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
