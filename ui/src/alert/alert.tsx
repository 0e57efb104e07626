import type { ReactNode, RefObject } from 'react';
import { cx } from '../class-names.ts';
import styles from './alert.module.css';

export type AlertKind = 'error' | 'warning' | 'success' | 'info';

/**
 * A message above a form, in a dialog or a panel: an error or a warning (announced at once), a
 * success or information. It can take focus (`alertRef`) when a failed submit has no field to focus.
 */
export function Alert({
  kind = 'error',
  children,
  alertRef,
  className,
}: {
  kind?: AlertKind;
  children: ReactNode;
  alertRef?: RefObject<HTMLDivElement | null>;
  className?: string;
}) {
  return (
    <div
      className={cx(styles.alert, styles[kind], className)}
      role={kind === 'error' || kind === 'warning' ? 'alert' : 'status'}
      tabIndex={-1}
      ref={alertRef}
      data-kind={kind}
    >
      {children}
    </div>
  );
}
