import type { HTMLAttributes, ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../app/namespace.ts';

export type TextFieldProps = {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Already translated; marks the input invalid and is read out with it. */
  error?: string | undefined;
  hint?: ReactNode;
  type?: 'text' | 'email' | 'password' | 'tel';
  autoComplete?: string;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  /** Adds "(optional)" to the label; every other field is required. */
  optional?: boolean;
  disabled?: boolean;
  maxLength?: number;
  spellCheck?: boolean;
  autoCapitalize?: string;
  inputRef?: Ref<HTMLInputElement>;
  /** A unit shown after the input, e.g. "%". */
  suffix?: string;
  /** A control inside the input's frame, e.g. the show-password button. */
  action?: ReactNode;
  className?: string;
};

/** A labelled input with its hint and error wired up for assistive technology. */
export function TextField(props: TextFieldProps) {
  const { t } = useTranslation(NAMESPACE);
  const { id, label, value, onChange, error, hint, optional, suffix, action, className } = props;
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  const input = (
    <input
      id={id}
      ref={props.inputRef}
      className="field__input"
      type={props.type ?? 'text'}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      autoComplete={props.autoComplete}
      inputMode={props.inputMode}
      disabled={props.disabled}
      maxLength={props.maxLength}
      spellCheck={props.spellCheck}
      autoCapitalize={props.autoCapitalize}
      aria-required={optional ? undefined : true}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy || undefined}
    />
  );
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label className="field__label" htmlFor={id}>
        {label}
        {optional && <span className="auth-optional"> {t('form.optional')}</span>}
      </label>
      {hint && (
        <p className="auth-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {suffix || action ? (
        <div className={suffix ? 'auth-input auth-input--suffix' : 'auth-input'}>
          {input}
          {suffix && (
            <span className="auth-input__suffix" aria-hidden="true">
              {suffix}
            </span>
          )}
          {action}
        </div>
      ) : (
        input
      )}
      {error && (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
