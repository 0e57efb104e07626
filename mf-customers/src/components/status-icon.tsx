import { Icon } from './icon.tsx';

/** The round icon above a result: a tick, a warning, a cross or a spinner. */
export function StatusIcon({ kind }: { kind: 'success' | 'warning' | 'error' | 'pending' }) {
  if (kind === 'pending') {
    return (
      <span className="customers-status-icon" aria-hidden="true">
        <span className="spinner" />
      </span>
    );
  }
  const icon = kind === 'success' ? 'check' : kind === 'warning' ? 'clock' : 'close';
  return (
    <span className={`customers-status-icon customers-status-icon--${kind}`} aria-hidden="true">
      <Icon name={icon} size={26} />
    </span>
  );
}
