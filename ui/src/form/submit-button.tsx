import type { ReactNode } from 'react';
import { Button, type ButtonVariant } from '../button/button.tsx';

/** A form's main button: disabled with a spinner while the form is being sent. */
export function SubmitButton({
  sending,
  children,
  block = false,
  variant = 'primary',
  className,
}: {
  sending: boolean;
  children: ReactNode;
  block?: boolean;
  variant?: ButtonVariant;
  className?: string;
}) {
  return (
    <Button type="submit" variant={variant} block={block} className={className} disabled={sending} busy={sending}>
      {children}
    </Button>
  );
}
