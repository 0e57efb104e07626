import { Icon, type IconName } from './icon.tsx';

/** The round icon above a result: a tick, a warning, a cross or a spinner; `icon` says more than the default. */
export function StatusIcon({ kind, icon }: { kind: 'success' | 'warning' | 'error' | 'pending'; icon?: IconName }) {
  if (kind === 'pending') {
    return (
      <span className="customers-status-icon" aria-hidden="true">
        <span className="spinner" />
      </span>
    );
  }
  const name = icon ?? (kind === 'success' ? 'check' : kind === 'warning' ? 'alert' : 'close');
  return (
    <span className={`customers-status-icon customers-status-icon--${kind}`} aria-hidden="true">
      <Icon name={name} size={26} />
    </span>
  );
}
