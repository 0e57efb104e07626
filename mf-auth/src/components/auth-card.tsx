import { useEffect, useRef, type ReactNode } from 'react';
import { cardClass } from '@frilo/ui/card';

/**
 * The card every logged-out screen sits in: one h1, an optional lead, the content and a footer.
 * `focusTitle` moves focus to the title when the card changes state (form → "email sent").
 */
export function AuthCard({
  id,
  title,
  lead,
  icon,
  children,
  footer,
  focusTitle = false,
  live = false,
}: {
  id: string;
  title: string;
  lead?: ReactNode;
  icon?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  focusTitle?: boolean;
  /** Announces the card's text when it changes (a result that arrives by itself). */
  live?: boolean;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusTitle) heading.current?.focus();
  }, [focusTitle]);
  return (
    <section className={cardClass({ narrow: true, className: 'auth-card' })}>
      <div aria-live={live ? 'polite' : undefined}>
        {icon}
        <h1 id={`${id}-title`} ref={heading} tabIndex={-1}>
          {title}
        </h1>
        {lead && <div className="auth-card__lead">{lead}</div>}
      </div>
      {children}
      {footer && <div className="auth-card__footer">{footer}</div>}
    </section>
  );
}
