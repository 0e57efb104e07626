import type { ReactNode, Ref } from 'react';

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
  /** Options side by side when the form is wide enough (one under the other on phones). */
  inline?: boolean;
}) {
  const { name, legend, options, value, onChange, hint, error } = props;
  const describedBy = [hint ? `${name}-hint` : '', error ? `${name}-error` : ''].filter(Boolean).join(' ');
  const focusIndex = Math.max(
    0,
    options.findIndex((option) => option.value === value),
  );
  return (
    <fieldset className="field customers-radios" aria-describedby={describedBy || undefined}>
      <legend className="field__label">{legend}</legend>
      {hint && (
        <p className="customers-hint" id={`${name}-hint`}>
          {hint}
        </p>
      )}
      <div
        className={
          props.inline ? 'customers-radios__options customers-radios__options--inline' : 'customers-radios__options'
        }
        data-options={props.inline ? options.length : undefined}
      >
        {options.map((option, index) => {
          const id = `${name}-${option.value}`;
          return (
            <div
              key={option.value}
              className={option.value === value ? 'customers-radio is-checked' : 'customers-radio'}
            >
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
              <div className="customers-radio__text">
                <label htmlFor={id} className="customers-radio__label" lang={option.lang}>
                  {option.label}
                </label>
                {option.description && (
                  <span className="customers-radio__description" id={`${id}-description`}>
                    {option.description}
                  </span>
                )}
              </div>
            </div>
          );
        })}
      </div>
      {error && (
        <p className="field__error" id={`${name}-error`}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
