// What a screen shows when it has nothing to list: what would be here and the way to the first
// one (an invitation, dashed frame), or why a search found nothing (an answer, plain frame).
import type { ReactNode } from 'react';
import { cx } from '../class-names.ts';
import { Icon } from '../icon/icon.tsx';
import styles from './empty-state.module.css';

export function EmptyState({
  title,
  titleId,
  icon,
  iconSize = 28,
  badge,
  variant = 'invitation',
  children,
  actions,
  className,
}: {
  title: ReactNode;
  titleId?: string;
  /** One of @frilo/ui/icons. */
  icon?: string;
  iconSize?: number;
  /** Above the title, e.g. a "Coming soon" status badge. */
  badge?: ReactNode;
  variant?: 'invitation' | 'answer';
  children?: ReactNode;
  actions?: ReactNode;
  className?: string;
}) {
  return (
    <section className={cx(styles.empty, variant === 'answer' && styles.plain, className)} aria-labelledby={titleId}>
      {icon && (
        <span className={styles.icon} aria-hidden="true">
          <Icon icon={icon} size={iconSize} />
        </span>
      )}
      {badge}
      <h2 id={titleId}>{title}</h2>
      {children}
      {actions && <div className={styles.actions}>{actions}</div>}
    </section>
  );
}
