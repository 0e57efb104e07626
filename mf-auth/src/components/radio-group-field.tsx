import type { ReactNode, Ref } from 'react';

export type RadioOption<V extends string> = {
  value: V;
  label: string;
  description?: ReactNode;
  /** The label's language when it differs from the page's (a language named in itself). */
  lang?: string;
};

/** A fieldset of radio buttons, each option with an optional description under its label. */
export function RadioGroupField<V extends string>(props: {
  name: string;
  legend: string;
  options: RadioOption<V>[];
  value: V;
  onChange: (value: V) => void;
  hint?: ReactNode;
  error?: string | undefined;
  /** Focus target for errors: the first option. */
  inputRef?: Ref<HTMLInputElement>;
  /** Hides the legend visually when a heading above already says it. */
  legendHidden?: boolean;
}) {
  const { name, legend, options, value, onChange, hint, error } = props;
  const describedBy = [hint ? `${name}-hint` : '', error ? `${name}-error` : ''].filter(Boolean).join(' ');
  return (
    <fieldset className="field auth-radios" aria-describedby={describedBy || undefined}>
      <legend className={props.legendHidden ? 'visually-hidden' : 'field__label'}>{legend}</legend>
      {hint && (
        <p className="auth-hint" id={`${name}-hint`}>
          {hint}
        </p>
      )}
      {options.map((option, index) => {
        const id = `${name}-${option.value}`;
        return (
          <div key={option.value} className={option.value === value ? 'auth-radio is-checked' : 'auth-radio'}>
            <input
              id={id}
              ref={index === 0 ? props.inputRef : undefined}
              type="radio"
              name={name}
              value={option.value}
              checked={option.value === value}
              onChange={() => onChange(option.value)}
              aria-describedby={option.description ? `${id}-description` : undefined}
            />
            <label htmlFor={id}>
              <span className="auth-radio__label" lang={option.lang}>
                {option.label}
              </span>
              {option.description && (
                <span className="auth-radio__description" id={`${id}-description`}>
                  {option.description}
                </span>
              )}
            </label>
          </div>
        );
      })}
      {error && (
        <p className="field__error" id={`${name}-error`}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
