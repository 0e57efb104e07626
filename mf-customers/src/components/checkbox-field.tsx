import type { ReactNode, Ref } from 'react';

/** A checkbox with its label beside it, a description under the label and its error below. */
export function CheckboxField(props: {
  id: string;
  label: ReactNode;
  description?: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  error?: string | undefined;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const { id, label, description, checked, onChange, error } = props;
  const describedBy = [description ? `${id}-description` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className={props.disabled ? 'field customers-checkbox is-disabled' : 'field customers-checkbox'}>
      <div className="customers-checkbox__row">
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
          <label htmlFor={id} className="customers-checkbox__label">
            {label}
          </label>
          {description && (
            <p className="customers-hint" id={`${id}-description`}>
              {description}
            </p>
          )}
        </div>
      </div>
      {error && (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
