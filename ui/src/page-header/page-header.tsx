// The top of a screen: its heading block (h1 and a lead line, maybe a way back) on the left, the
// screen's main action on the right, wrapping under each other when narrow.
import type { ReactNode } from 'react';
import { cx } from '../class-names.ts';
import styles from './page-header.module.css';

export function PageHeader({
  children,
  actions,
  className,
}: {
  /** The heading block: `<h1>`, a lead `<p>`. */
  children: ReactNode;
  actions?: ReactNode;
  className?: string;
}) {
  return (
    <header className={cx(styles.header, className)}>
      <div>{children}</div>
      {actions}
    </header>
  );
}
