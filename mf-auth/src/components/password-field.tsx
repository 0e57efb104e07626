import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../app/namespace.ts';
import { TextField, type TextFieldProps } from './text-field.tsx';

/** A password input with a button that shows what was typed (fewer typos, no retyping). */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'action' | 'suffix'>) {
  const { t } = useTranslation(NAMESPACE);
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
          className="auth-input__toggle"
          aria-controls={props.id}
          onClick={() => setVisible((value) => !value)}
          disabled={props.disabled}
        >
          {/* "Show" on screen, "Show password" to a screen reader (no aria-label: it would compete with the field's label). */}
          {visible ? t('form.hidePassword') : t('form.showPassword')}
          <span className="visually-hidden"> {t('form.passwordWord')}</span>
        </button>
      }
    />
  );
}
