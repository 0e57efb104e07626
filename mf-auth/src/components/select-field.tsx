import type { Ref } from 'react';

/** A labelled native select (native: right on phones, keyboard and screen readers for free). */
export function SelectField(props: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string }[];
  error?: string | undefined;
  autoComplete?: string;
  inputRef?: Ref<HTMLSelectElement>;
}) {
  const { id, label, value, onChange, options, error } = props;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        ref={props.inputRef}
        className="field__input auth-select"
        value={value}
        autoComplete={props.autoComplete}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error && (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
