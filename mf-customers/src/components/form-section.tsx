import type { ReactNode } from 'react';
import { cardClass } from '@frilo/ui/card';

/** A titled part of a long form (a card with an h2), so people and screen readers can find their way. */
export function FormSection({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className={cardClass({ className: 'customers-section' })} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {description && <p className="customers-section__description">{description}</p>}
      {children}
    </section>
  );
}
