// Several lines of text (a comment, a reason), with its label, hint and error wired up like TextField's.
import type { Ref } from 'react';
import { cx } from '../class-names.ts';
import { useUiText } from '../i18n/ui-text.tsx';
import styles from './field.module.css';

export function TextAreaField(props: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: string;
  optional?: boolean;
  rows?: number;
  maxLength?: number;
  inputRef?: Ref<HTMLTextAreaElement>;
  className?: string | undefined;
}) {
  const text = useUiText();
  const { id, label, value, onChange, error, hint, optional } = props;
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className={cx(styles.field, props.className)}>
      <label className={styles.label} htmlFor={id}>
        {label}
        {optional && <span className={styles.optional}> {text('form.optional')}</span>}
      </label>
      {hint && (
        <p className={styles.hint} id={`${id}-hint`}>
          {hint}
        </p>
      )}
      <textarea
        id={id}
        ref={props.inputRef}
        className={cx(styles.input, styles.textarea)}
        value={value}
        rows={props.rows ?? 4}
        maxLength={props.maxLength}
        onChange={(event) => onChange(event.target.value)}
        aria-required={optional ? undefined : true}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      {error && (
        <p className={styles.error} id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
