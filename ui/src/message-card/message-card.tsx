import type { ReactNode } from 'react';
import { cx } from '../class-names.ts';
import { Icon } from '../icon/icon.tsx';
import styles from './message-card.module.css';

/**
 * A whole area's message in a centred card: what went wrong (or what happened) and what to do
 * next. `role="alert"` for an error that replaces the screen; `code` for support ("mf-invoices
 * RUNTIME-003").
 */
export function MessageCard({
  title,
  titleId,
  headingLevel = 1,
  icon,
  eyebrow,
  children,
  actions,
  code,
  role,
  live,
  busy,
  className,
  ...data
}: {
  title: ReactNode;
  titleId?: string;
  headingLevel?: 1 | 2;
  /** One of @frilo/ui/icons in a red circle above the title (errors). */
  icon?: string;
  /** Above the title: a short line ("404"), or an element such as a status badge. */
  eyebrow?: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
  code?: ReactNode;
  role?: 'alert' | 'status';
  /** A card whose content changes in place (a result arriving): announced politely. */
  live?: boolean;
  /** The content is still being worked out (a check under way). */
  busy?: boolean;
  className?: string;
  [data: `data-${string}`]: string | undefined;
}) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section
      className={cx(styles.card, className)}
      role={role}
      aria-labelledby={titleId}
      aria-live={live ? 'polite' : undefined}
      aria-busy={busy || undefined}
      {...data}
    >
      {icon && (
        <span className={styles.icon} aria-hidden="true">
          <Icon icon={icon} size={28} />
        </span>
      )}
      {typeof eyebrow === 'string' ? <p className={styles.eyebrow}>{eyebrow}</p> : eyebrow}
      <Heading id={titleId}>{title}</Heading>
      {children}
      {actions && <div className={styles.actions}>{actions}</div>}
      {code && <p className={styles.code}>{code}</p>}
    </section>
  );
}
