/** The round icon above a result: a tick, a cross, an envelope or a spinner. */
export function StatusIcon({ kind }: { kind: 'success' | 'error' | 'mail' | 'pending' }) {
  if (kind === 'pending') {
    return (
      <span className="auth-status-icon auth-status-icon--pending" aria-hidden="true">
        <span className="spinner" />
      </span>
    );
  }
  const paths = {
    success: 'M5 12.5l4.5 4.5L19 7.5',
    error: 'M7 7l10 10M17 7L7 17',
    mail: 'M4 6.5h16v11H4zM4.5 7l7.5 6 7.5-6',
  } as const;
  return (
    <span className={`auth-status-icon auth-status-icon--${kind}`} aria-hidden="true">
      <svg viewBox="0 0 24 24" width="26" height="26" fill="none" stroke="currentColor" strokeWidth="2">
        <path d={paths[kind]} strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </span>
  );
}
