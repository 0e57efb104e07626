// Form state for every mf-customers form: values kept as typed (also when the BFF refuses them),
// client-side checks, the BFF's field errors mapped onto the fields, a message above the form for
// the rest, a "sending" state, and focus on the first field that needs attention.
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { fieldErrors } from '@frilo/openapi/problem';
import { failureCode, type ApiFailure, type ApiResult } from '../lib/api-result.ts';
import type { FieldIssue } from '../lib/messages.ts';

type Values = Record<string, string | boolean>;
export type Issues<F> = Partial<Record<keyof F & string, FieldIssue>>;

export type FormOptions<F extends Values, T> = {
  initial: F;
  /** Field names in the order they appear, for focus; defaults to the order of `initial`. */
  order?: readonly (keyof F & string)[];
  validate?: (values: F) => Issues<F>;
  send: (values: F) => Promise<ApiResult<T>>;
  onSent?: (data: T, values: F) => void;
  /**
   * The field of this form a BFF error path (without `body.`) belongs to, or undefined when the
   * form does not show it (the error then goes above the form).
   */
  fieldOf: (path: string, values: F) => (keyof F & string) | undefined;
};

export function useForm<F extends Values, T>(options: FormOptions<F, T>) {
  const { initial, validate, send, onSent, fieldOf } = options;
  const [values, setValues] = useState<F>(initial);
  const [errors, setErrors] = useState<Issues<F>>({});
  /** The last failed call that the fields do not explain (its code decides the message above the form). */
  const [failure, setFailure] = useState<(ApiFailure & { code: string }) | null>(null);
  const [sending, setSending] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  const inputs = useRef(new Map<string, HTMLElement>());
  const alertRef = useRef<HTMLDivElement | null>(null);
  const order = options.order ?? (Object.keys(initial) as (keyof F & string)[]);
  const orderRef = useRef(order);
  orderRef.current = order;

  // After a failed submit, move focus to the first field with an error (in the form's order), or
  // to the message above the form.
  useEffect(() => {
    if (!focusRequest) return;
    const first = orderRef.current.find((name) => errors[name] && inputs.current.has(name));
    if (first) inputs.current.get(first)?.focus();
    else alertRef.current?.focus();
    // Only a new request moves focus (not every edit that clears an error), hence the one dependency.
    // eslint-disable-next-line react-hooks/exhaustive-deps
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
  }, []);

  const submit = useCallback(
    async (event?: FormEvent) => {
      event?.preventDefault();
      if (sending) return;
      const found = validate?.(values) ?? {};
      setFailure(null);
      if (Object.keys(found).length) {
        setErrors(found);
        setFocusRequest((n) => n + 1);
        return;
      }
      setErrors({});
      setSending(true);
      const result = await send(values);
      setSending(false);
      if (result.ok) {
        onSent?.(result.data, values);
        return;
      }
      const mapped: Issues<F> = {};
      let unmapped = false;
      for (const [path, error] of Object.entries(fieldErrors(result.problem ?? undefined))) {
        const name = fieldOf(path, values);
        if (name) mapped[name] ??= { code: error.code, ...(error.params ? { params: error.params } : {}) };
        else unmapped = true;
      }
      setErrors(mapped);
      if (!Object.keys(mapped).length || unmapped) setFailure({ ...result, code: failureCode(result) });
      setFocusRequest((n) => n + 1);
    },
    [fieldOf, onSent, send, sending, validate, values],
  );

  /** Registers an input so focus can move to it. */
  const register = useCallback(
    (name: keyof F & string) => (element: HTMLElement | null) => {
      if (element) inputs.current.set(name, element);
      else inputs.current.delete(name);
    },
    [],
  );

  /** Takes back the errors of fields whose rules just changed (another type or country). */
  const clearErrors = useCallback((names: readonly (keyof F & string)[]) => {
    setErrors((current) => {
      if (!names.some((name) => current[name])) return current;
      const next = { ...current };
      for (const name of names) delete next[name];
      return next;
    });
  }, []);

  /** Starts over from new values (after a save, or after loading the latest version). */
  const reset = useCallback((next: F) => {
    setValues(next);
    setErrors({});
    setFailure(null);
  }, []);

  return { values, set, errors, failure, sending, submit, register, reset, clearErrors, alertRef };
}
