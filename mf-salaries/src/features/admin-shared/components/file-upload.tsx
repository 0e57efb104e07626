import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@frilo/ui/alert';
import type { ApiFailure, ApiResult } from '@frilo/ui/form/api-result';
import { SubmitButton } from '@frilo/ui/form/submit-button';
import { NAMESPACE } from '../../../app/namespace.ts';
import { problemLines } from './problem-lines.ts';

/**
 * Choose a file and send it; the answer is shown by the caller (`onDone`), a refusal here with every line the BFF
 * names. The native file input: keyboard, screen readers and phones handle it.
 */
export function FileUpload<T>({
  label,
  hint,
  accept,
  button,
  upload,
  onDone,
  onStart,
  scope,
}: {
  label: string;
  hint: string;
  accept: string;
  button: string;
  upload: (file: File) => Promise<ApiResult<T>>;
  onDone: (data: T, status: number) => void;
  /** A new file goes: the answer about the previous one no longer stands. */
  onStart?: () => void;
  /** Where this upload's error texts are (`<scope>.errors.<code>`). */
  scope: string;
}) {
  const { t } = useTranslation(NAMESPACE);
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const alert = useRef<HTMLDivElement>(null);
  const [sending, setSending] = useState(false);
  const [missing, setMissing] = useState(false);
  const [failure, setFailure] = useState<ApiFailure | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const file = input.current?.files?.[0];
    setFailure(null);
    if (!file) {
      setMissing(true);
      input.current?.focus();
      return;
    }
    setMissing(false);
    onStart?.();
    setSending(true);
    const result = await upload(file);
    setSending(false);
    if (result.ok) {
      if (input.current) input.current.value = '';
      onDone(result.data, result.status);
    } else {
      setFailure(result);
      requestAnimationFrame(() => alert.current?.focus());
    }
  };

  const lines = failure ? problemLines(failure, scope, t) : [];
  return (
    <form className="salary-upload" onSubmit={(event) => void submit(event)} noValidate>
      {failure && (
        <Alert alertRef={alert}>
          <p>{lines[0]}</p>
          {lines.length > 1 && (
            <ul>
              {lines.slice(1).map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          )}
        </Alert>
      )}
      <div className="salary-upload__field">
        <label htmlFor={id}>{label}</label>
        <p id={`${id}-hint`} className="salary-muted">
          {hint}
        </p>
        <input
          ref={input}
          id={id}
          type="file"
          accept={accept}
          aria-describedby={`${id}-hint${missing ? ` ${id}-error` : ''}`}
          aria-invalid={missing || undefined}
          onChange={() => setMissing(false)}
        />
        {missing && (
          <p id={`${id}-error`} className="salary-error">
            {t('upload.missing')}
          </p>
        )}
      </div>
      <SubmitButton sending={sending}>{button}</SubmitButton>
    </form>
  );
}
