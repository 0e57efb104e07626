import type { ReactNode } from 'react';

/** A form's main button: disabled with a spinner while the form is being sent. */
export function SubmitButton({
  sending,
  children,
  className = 'button button--primary',
}: {
  sending: boolean;
  children: ReactNode;
  className?: string;
}) {
  return (
    <button type="submit" className={className} disabled={sending} aria-busy={sending || undefined}>
      {sending && <span className="spinner customers-button-spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}
