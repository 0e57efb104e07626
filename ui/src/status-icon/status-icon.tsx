import { cx } from '../class-names.ts';
import { Icon } from '../icon/icon.tsx';
import * as icons from '../icon/icons.ts';
import { Spinner } from '../loading/spinner.tsx';
import styles from './status-icon.module.css';

export type StatusKind = 'success' | 'warning' | 'error' | 'mail' | 'neutral' | 'pending';

const DEFAULT_ICON: Record<Exclude<StatusKind, 'pending'>, string> = {
  neutral: icons.info,
  success: icons.check,
  warning: icons.alert,
  error: icons.close,
  mail: icons.mail,
};

/** The round icon above a result: a tick, a warning, a cross, an envelope, a spinner, or `icon` on a neutral circle. */
export function StatusIcon({ kind, icon, className }: { kind: StatusKind; icon?: string; className?: string }) {
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
      {kind === 'pending' ? <Spinner /> : <Icon icon={icon ?? DEFAULT_ICON[kind]} size={26} strokeWidth={2} />}
    </span>
  );
}
