// Form state for every mf-auth form: values kept as typed, client-side checks, the BFF's field
// errors mapped onto the fields, a message above the form, "sending" and "sent" states, and focus
// on the first field that needs attention.
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { fieldErrors } from '@frilo/openapi/problem';
import type { ApiResult } from '../lib/api-result.ts';
import type { Problem } from '@frilo/openapi/problem';
import { codeMessage, failureCode, type FieldIssue, type Message } from '../lib/messages.ts';

type Values = Record<string, string | boolean>;
export type Issues<F> = Partial<Record<keyof F & string, FieldIssue>>;
export type FormStatus = 'idle' | 'sending' | 'sent';

export type FormOptions<F extends Values, T> = {
  /** The translation scope of the form's own texts (`<form>.errors.*`). */
  form: string;
  initial: F;
  validate?: (values: F) => Issues<F>;
  send: (values: F) => Promise<ApiResult<T>>;
  onSent?: (data: T, values: F) => void;
  /** Maps a BFF field path (without `body.`) to a field of this form; unmapped errors show above it. */
  fieldOf?: (path: string) => (keyof F & string) | undefined;
  /** Names a failure differently from its problem code (e.g. a malformed link token as `token_invalid`). */
  codeOf?: (status: number, problem: Problem | null) => string | undefined;
};

export function useForm<F extends Values, T>(options: FormOptions<F, T>) {
  const { form, initial, validate, send, onSent, fieldOf, codeOf } = options;
  const [values, setValues] = useState<F>(initial);
  const [errors, setErrors] = useState<Issues<F>>({});
  const [formError, setFormError] = useState<Message | null>(null);
  /** The code of the last failed call (the problem's, or `network`), for screens that react to it. */
  const [failure, setFailure] = useState<string | null>(null);
  const [status, setStatus] = useState<FormStatus>('idle');
  const [focusRequest, setFocusRequest] = useState(0);
  const inputs = useRef(new Map<string, HTMLElement>());
  const alert = useRef<HTMLElement | null>(null);
  const order = useRef(Object.keys(initial));

  // After a failed submit, move focus to the first field with an error (in the form's order), or
  // to the message above the form (the submit button lost focus while it was disabled).
  useEffect(() => {
    if (!focusRequest) return;
    const first = order.current.find((name) => errors[name as keyof F & string]);
    if (first) inputs.current.get(first)?.focus();
    else alert.current?.focus();
    // Only a new request moves focus (not every edit that clears an error), hence the one dependency.
  }, [focusRequest]);

  const set = useCallback(<K extends keyof F & string>(name: K, value: F[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    // Editing a field takes back its error; the next submit checks again.
    setErrors((current) => {
      if (!current[name]) return current;
      const next = { ...current };
      delete next[name];
      return next;
    });
    setStatus((current) => (current === 'sent' ? 'idle' : current));
  }, []);

  const submit = useCallback(
    async (event?: FormEvent) => {
      event?.preventDefault();
      if (status === 'sending') return;
      const found = validate?.(values) ?? {};
      setFormError(null);
      setFailure(null);
      if (Object.keys(found).length) {
        setErrors(found);
        setFocusRequest((n) => n + 1);
        return;
      }
      setErrors({});
      setStatus('sending');
      const result = await send(values);
      if (result.ok) {
        setStatus('sent');
        onSent?.(result.data, values);
        return;
      }
      setStatus('idle');
      const mapped: Issues<F> = {};
      let unmapped = false;
      for (const [path, error] of Object.entries(fieldErrors(result.problem ?? undefined))) {
        const name = fieldOf ? fieldOf(path) : path in values ? (path as keyof F & string) : undefined;
        if (name) mapped[name] ??= { code: error.code, ...(error.params ? { params: error.params } : {}) };
        else unmapped = true;
      }
      setErrors(mapped);
      const code = codeOf?.(result.status, result.problem) ?? failureCode(result.status, result.problem);
      setFailure(code);
      if (!Object.keys(mapped).length || unmapped) setFormError(codeMessage(form, code));
      setFocusRequest((n) => n + 1);
    },
    [codeOf, fieldOf, form, onSent, send, status, validate, values],
  );

  /** Registers an input so focus can move to it. */
  const register = useCallback(
    (name: keyof F & string) => (element: HTMLElement | null) => {
      if (element) inputs.current.set(name, element);
      else inputs.current.delete(name);
    },
    [],
  );

  return {
    values,
    set,
    setValues,
    errors,
    formError,
    failure,
    status,
    submit,
    register,
    /** For the message above the form, so focus can move to it. */
    alertRef: alert,
    sending: status === 'sending',
  };
}
