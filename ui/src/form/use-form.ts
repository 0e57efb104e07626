// Form state for every form: the values as typed (kept when the BFF refuses them), client-side
// checks, the BFF's problem body mapped onto the fields (the rest explained above the form), the
// sending and sent states, whether anything changed since the last save (for exit warnings), and
// focus on the first field that needs attention (or on the message above the form).
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { failureCode, type ApiFailure, type ApiResult } from './api-result.ts';
import type { Bound } from './bound-field.ts';
import { firstWithIssue, problemIssues, type Issues } from './issues.ts';
import { fieldMessage, type FieldIssue, type Message } from './messages.ts';
import { useMessage } from './use-message.ts';

export type FormValues = Record<string, string | boolean>;
export type FormStatus = 'idle' | 'sending' | 'sent';
/** A failed call the fields do not explain; `code` decides the message above the form. */
export type FormFailure = ApiFailure & { code: string };
export type { Issues };

export type FormOptions<F extends FormValues, T> = {
  initial: F;
  /** Field names in the order they appear, for focus; the order of `initial` otherwise. */
  order?: readonly (keyof F & string)[];
  validate?: (values: F) => Issues<F>;
  send: (values: F) => Promise<ApiResult<T>>;
  /** After a successful send; what was sent is then the saved state (call `reset` to replace it). */
  onSent?: (data: T, values: F) => void;
  /**
   * The field an API error path (without `body.`) belongs to, or undefined when the form does not
   * show it (the error then goes above the form). Default: the path itself when it is a field.
   */
  fieldOf?: (path: string, values: F) => (keyof F & string) | undefined;
  /** Names a failure differently from its problem code (e.g. a malformed link as `token_invalid`). */
  codeOf?: (failure: ApiFailure) => string | undefined;
  /** The form's translation scope (`login`, `profile.address`) for the default field messages. */
  form?: string;
  /** How a field's issue is worded; default `fieldMessage(name, issue, { form })`. */
  messageOf?: (name: keyof F & string, issue: FieldIssue) => Message;
  /** Whether two sets of values are the same (for `dirty`); every field equal by default. */
  same?: (a: F, b: F) => boolean;
};

function sameFields<F extends FormValues>(a: F, b: F): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((key) => a[key] === b[key]);
}

export function useForm<F extends FormValues, T>(options: FormOptions<F, T>) {
  const { initial, validate, send, onSent, fieldOf, codeOf, form, messageOf, same = sameFields } = options;
  const [values, setValues] = useState<F>(initial);
  /** The saved state `dirty` compares with: the initial values, then whatever was last saved or reset to. */
  const [baseline, setBaseline] = useState<F>(initial);
  const [errors, setErrors] = useState<Issues<F>>({});
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const [status, setStatus] = useState<FormStatus>('idle');
  const [focusRequest, setFocusRequest] = useState<{ issues: Issues<F>; order: (keyof F & string)[] } | null>(null);
  const sendingRef = useRef(false);
  const inputs = useRef(new Map<string, HTMLElement>());
  const alertRef = useRef<HTMLDivElement | null>(null);
  const message = useMessage();

  // After a failed submit, focus goes to the first field with an error (in the form's order), or
  // to the message above the form (the submit button lost focus while it was disabled). Only a new
  // request moves focus, not every edit that takes an error back.
  useEffect(() => {
    if (!focusRequest) return;
    const shown = focusRequest.order.filter((name) => inputs.current.has(name));
    const first = firstWithIssue(shown, focusRequest.issues);
    if (first) inputs.current.get(first)?.focus();
    else alertRef.current?.focus();
  }, [focusRequest]);

  const order = (): (keyof F & string)[] => [...(options.order ?? (Object.keys(initial) as (keyof F & string)[]))];

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

  /** Takes back the errors of fields whose rules just changed (another type or country). */
  const clearErrors = useCallback((names: readonly (keyof F & string)[]) => {
    setErrors((current) => {
      if (!names.some((name) => current[name])) return current;
      const next = { ...current };
      for (const name of names) delete next[name];
      return next;
    });
  }, []);

  /** Starts over from these values (the BFF's answer after a save, or the latest version) as the saved state. */
  const reset = useCallback((next: F) => {
    setValues(next);
    setBaseline(next);
    setErrors({});
    setFailure(null);
  }, []);

  /** Checks, sends and maps the answer; resolves true when the values were saved. */
  const submit = async (event?: FormEvent): Promise<boolean> => {
    event?.preventDefault();
    if (sendingRef.current) return false;
    const found = validate?.(values) ?? {};
    setFailure(null);
    if (Object.keys(found).length) {
      setErrors(found);
      setFocusRequest({ issues: found, order: order() });
      return false;
    }
    setErrors({});
    setStatus('sending');
    sendingRef.current = true;
    const sent = values;
    const result = await send(sent);
    sendingRef.current = false;
    if (result.ok) {
      setStatus('sent');
      setBaseline(sent);
      onSent?.(result.data, sent);
      return true;
    }
    setStatus('idle');
    const { issues, unmapped } = problemIssues<F>(result.problem, (path) =>
      fieldOf ? fieldOf(path, sent) : path in sent ? (path as keyof F & string) : undefined,
    );
    setErrors(issues);
    if (!Object.keys(issues).length || unmapped) {
      setFailure({ ...result, code: codeOf?.(result) ?? failureCode(result) });
    }
    setFocusRequest({ issues, order: order() });
    return false;
  };

  /** Registers an input so focus can move to it. */
  const register = useCallback(
    (name: keyof F & string) => (element: HTMLElement | null) => {
      if (element) inputs.current.set(name, element);
      else inputs.current.delete(name);
    },
    [],
  );

  /** Everything a field component needs: `<TextField id="email" label=… {...form.bind('email')} />`. */
  const bind = <K extends keyof F & string>(name: K): Bound<F[K]> => {
    const issue = errors[name];
    return {
      value: values[name],
      onChange: (value: F[K]) => set(name, value),
      error: issue
        ? message(messageOf ? messageOf(name, issue) : fieldMessage(name, issue, form ? { form } : {}))
        : undefined,
      inputRef: register(name),
    };
  };

  return {
    values,
    set,
    errors,
    failure,
    status,
    sending: status === 'sending',
    /** Something differs from the last saved state: warn before leaving (useUnsavedChangesGuard). */
    dirty: !same(values, baseline),
    submit,
    reset,
    clearErrors,
    register,
    bind,
    /** For the message above the form, so focus can move to it. */
    alertRef,
  };
}

export type Form<F extends FormValues> = ReturnType<typeof useForm<F, unknown>>;
