// A white panel with a border: a form's section, a widget, a logged-out screen's box.
import type { ReactNode } from 'react';
import { cx } from '../class-names.ts';
import styles from './card.module.css';

/** The card look for an element of the app's own (`<section className={cardClass()}>`). */
export function cardClass({ narrow = false, className }: { narrow?: boolean; className?: string | undefined } = {}) {
  return cx(styles.card, narrow && styles.narrow, className);
}

/** A `<section>` card named by its heading (`labelledBy`), so screen readers list it as a region. */
export function Card({
  labelledBy,
  narrow,
  className,
  id,
  children,
}: {
  labelledBy?: string;
  narrow?: boolean;
  className?: string;
  id?: string;
  children: ReactNode;
}) {
  return (
    <section id={id} className={cardClass({ narrow, className })} aria-labelledby={labelledBy}>
      {children}
    </section>
  );
}
