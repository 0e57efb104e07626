// A short status in a pill: "Coming soon", "Verified", an invoice's "Paid" or "Overdue". Say the
// status in words; the colour and icon only repeat it.
import type { ReactNode } from 'react';
import { cx } from '../class-names.ts';
import { Icon } from '../icon/icon.tsx';
import styles from './status-badge.module.css';

export type BadgeTone = 'neutral' | 'success' | 'attention' | 'info' | 'danger';

export function StatusBadge({
  tone = 'neutral',
  icon,
  children,
  className,
}: {
  tone?: BadgeTone;
  /** One of @frilo/ui/icons. */
  icon?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <span className={cx(styles.badge, tone !== 'neutral' && styles[tone], className)} data-tone={tone}>
      {icon && <Icon icon={icon} size={14} />}
      {children}
    </span>
  );
}
