import { useState } from 'react';
import { useUiText } from '../i18n/ui-text.tsx';
import styles from './field.module.css';
import { TextField, type TextFieldProps } from './text-field.tsx';

/** A password input with a button that shows what was typed (fewer typos, no retyping). */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'action' | 'suffix' | 'icon'>) {
  const text = useUiText();
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      spellCheck={false}
      autoCapitalize="off"
      action={
        <button
          type="button"
          className={styles.toggle}
          aria-controls={props.id}
          onClick={() => setVisible((value) => !value)}
          disabled={props.disabled}
        >
          {/* "Show" on screen, "Show password" to a screen reader (no aria-label: it would compete with the field's label). */}
          {visible ? text('form.hidePassword') : text('form.showPassword')}
          <span className="visually-hidden"> {text('form.passwordWord')}</span>
        </button>
      }
    />
  );
}
