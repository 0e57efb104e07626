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
  type?: 'text' | 'email' | 'search';
  autoComplete?: string;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  /** Adds "(optional)" to the label; every other field is required. */
  optional?: boolean;
  readOnly?: boolean;
  /** An example of the format, never instead of a label or hint. */
  placeholder?: string | undefined;
  spellCheck?: boolean;
  autoCapitalize?: string;
  inputRef?: Ref<HTMLInputElement>;
  className?: string;
};

/** A labelled input with its hint and error wired up for assistive technology. */
export function TextField(props: TextFieldProps) {
  const { t } = useTranslation(NAMESPACE);
  const { id, label, value, onChange, error, hint, optional, className } = props;
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label className="field__label" htmlFor={id}>
        {label}
        {optional && <span className="customers-optional"> {t('form.optional')}</span>}
      </label>
      {hint && (
        <p className="customers-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      <input
        id={id}
        ref={props.inputRef}
        className="field__input"
        type={props.type ?? 'text'}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        autoComplete={props.autoComplete}
        inputMode={props.inputMode}
        readOnly={props.readOnly}
        placeholder={props.placeholder}
        spellCheck={props.spellCheck}
        autoCapitalize={props.autoCapitalize}
        aria-required={optional || props.readOnly ? undefined : true}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      {error && (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
