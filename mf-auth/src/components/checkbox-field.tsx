import type { ReactNode, Ref } from 'react';

/** A checkbox with its label beside it and its error below. */
export function CheckboxField(props: {
  id: string;
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string | undefined;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const { id, label, checked, onChange, error } = props;
  return (
    <div className="field auth-checkbox">
      <div className="auth-checkbox__row">
        <input
          id={id}
          ref={props.inputRef}
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <label htmlFor={id}>{label}</label>
      </div>
      {error && (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
