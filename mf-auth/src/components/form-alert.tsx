import type { ReactNode, RefObject } from 'react';

/**
 * The message above a form: an error (announced at once) or a success. It takes focus when a
 * failed submit has no field to focus.
 */
export function FormAlert({
  kind = 'error',
  children,
  alertRef,
}: {
  kind?: 'error' | 'success' | 'info';
  children: ReactNode;
  alertRef?: RefObject<HTMLElement | null>;
}) {
  const className = kind === 'error' ? 'form-error' : `auth-alert auth-alert--${kind}`;
  return (
    <div
      className={className}
      role={kind === 'error' ? 'alert' : 'status'}
      tabIndex={-1}
      ref={alertRef as RefObject<HTMLDivElement | null> | undefined}
    >
      {children}
    </div>
  );
}
