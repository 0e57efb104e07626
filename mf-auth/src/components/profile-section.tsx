import type { ReactNode } from 'react';
import { cardClass } from '@frilo/ui/card';

/** One card of the profile page, a region named by its heading. */
export function ProfileSection({
  id,
  title,
  description,
  children,
  variant,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  /** `prompt`: highlighted, for something the user still has to add. */
  variant?: 'prompt';
}) {
  return (
    <section
      id={id}
      className={cardClass({ className: variant ? `profile-section profile-section--${variant}` : 'profile-section' })}
      aria-labelledby={`${id}-title`}
    >
      <div className="profile-section__intro">
        <h2 id={`${id}-title`}>{title}</h2>
        {description && <div className="profile-section__description">{description}</div>}
      </div>
      <div className="profile-section__body">{children}</div>
    </section>
  );
}
