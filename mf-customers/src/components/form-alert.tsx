import type { ReactNode, RefObject } from 'react';

/**
 * A message above a form or in a dialog: an error (announced at once), a warning, a success or
 * information. It can take focus when a failed submit has no field to focus.
 */
export function FormAlert({
  kind = 'error',
  children,
  alertRef,
}: {
  kind?: 'error' | 'warning' | 'success' | 'info';
  children: ReactNode;
  alertRef?: RefObject<HTMLDivElement | null>;
}) {
  const className = kind === 'error' ? 'form-error customers-alert' : `customers-alert customers-alert--${kind}`;
  return (
    <div
      className={className}
      role={kind === 'error' || kind === 'warning' ? 'alert' : 'status'}
      tabIndex={-1}
      ref={alertRef}
    >
      {children}
    </div>
  );
}
