import type { ReactNode } from 'react';

/** The form's main button: disabled with a spinner while the form is being sent. */
export function SubmitButton({
  sending,
  children,
  block = false,
}: {
  sending: boolean;
  children: ReactNode;
  block?: boolean;
}) {
  return (
    <button
      type="submit"
      className={block ? 'button button--primary button--block' : 'button button--primary'}
      disabled={sending}
      aria-busy={sending || undefined}
    >
      {sending && <span className="spinner auth-button-spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}
