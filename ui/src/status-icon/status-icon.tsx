import { cx } from '../class-names.ts';
import { Icon, type IconName } from '../icon/icon.tsx';
import { Spinner } from '../loading/spinner.tsx';
import styles from './status-icon.module.css';

export type StatusKind = 'success' | 'warning' | 'error' | 'mail' | 'neutral' | 'pending';

const DEFAULT_ICON: Record<Exclude<StatusKind, 'pending'>, IconName> = {
  neutral: 'info',
  success: 'check',
  warning: 'alert',
  error: 'close',
  mail: 'mail',
};

/** The round icon above a result: a tick, a warning, a cross, an envelope, a spinner, or `icon` on a neutral circle. */
export function StatusIcon({ kind, icon, className }: { kind: StatusKind; icon?: IconName; className?: string }) {
  return (
    <span
      className={cx(
        styles.circle,
        (kind === 'success' || kind === 'warning' || kind === 'error') && styles[kind],
        className,
      )}
      aria-hidden="true"
      data-status={kind}
    >
      {kind === 'pending' ? <Spinner /> : <Icon name={icon ?? DEFAULT_ICON[kind]} size={26} strokeWidth={2} />}
    </span>
  );
}
