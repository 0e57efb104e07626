import { useCallback } from 'react';
import type { Bound } from '../components/bound-field.ts';
import { apiPathOf } from '../lib/field-paths.ts';
import { fieldMessage, type FieldIssue } from '../lib/messages.ts';
import { useMessage } from './use-message.ts';

type Values = Record<string, string | boolean>;

/** Binds a form's fields for the field components: `bind('postalCode')` → value, onChange, error, ref. */
export function useBind<F extends Values>(form: {
  values: F;
  set: <K extends keyof F & string>(name: K, value: F[K]) => void;
  errors: Partial<Record<keyof F & string, FieldIssue>>;
  register: (name: keyof F & string) => (element: HTMLElement | null) => void;
}) {
  const message = useMessage();
  const { values, set, errors, register } = form;
  return useCallback(
    <K extends keyof F & string>(name: K): Bound<F[K]> => {
      const issue = errors[name];
      return {
        value: values[name],
        onChange: (value: F[K]) => set(name, value),
        error: issue ? message(fieldMessage(apiPathOf(name), issue)) : undefined,
        inputRef: register(name),
      };
    },
    [errors, message, register, set, values],
  );
}
