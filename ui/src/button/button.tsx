// Buttons, and the same look for links that act as buttons (`<Link className={buttonClass(...)}>`).
import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { cx } from '../class-names.ts';
import { Spinner } from '../loading/spinner.tsx';
import styles from './button.module.css';

export type ButtonVariant = 'default' | 'primary' | 'danger' | 'danger-quiet' | 'on-warning' | 'on-warning-outline';

export type ButtonLook = {
  variant?: ButtonVariant;
  size?: 'normal' | 'small';
  /** The whole width of its container. */
  block?: boolean;
  /** Square, for an icon alone (give it a visually hidden name). */
  iconOnly?: boolean;
  /**
   * Shown but not usable ("Previous" on the first page): put it on a `<span>` with
   * `aria-disabled="true"` (or `aria-hidden` when a screen reader should skip it).
   */
  unavailable?: boolean;
  className?: string | undefined;
};

const VARIANTS: Record<ButtonVariant, string | undefined> = {
  default: undefined,
  primary: styles.primary,
  danger: styles.danger,
  'danger-quiet': styles.dangerQuiet,
  'on-warning': styles.onWarning,
  'on-warning-outline': styles.onWarningOutline,
};

/** The class names of a button look, for a `<Link>` or `<a>` that should look like a button. */
export function buttonClass({
  variant = 'default',
  size = 'normal',
  block,
  iconOnly,
  unavailable,
  className,
}: ButtonLook = {}): string {
  return cx(
    styles.button,
    VARIANTS[variant],
    size === 'small' && styles.small,
    block && styles.block,
    iconOnly && styles.iconOnly,
    unavailable && styles.unavailable,
    className,
  );
}

/** A bare icon button (menu, close): no frame until hovered. Give it an aria-label. */
export function iconButtonClass(size: 'normal' | 'small' | 'tiny' = 'normal', className?: string): string {
  return cx(
    styles.ghostIcon,
    size === 'small' && styles.ghostIconSmall,
    size === 'tiny' && styles.ghostIconTiny,
    className,
  );
}

export type ButtonProps = ButtonLook &
  Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'className'> & {
    /** An action is running: a spinner before the label, and `aria-busy`. */
    busy?: boolean;
    children: ReactNode;
    ref?: Ref<HTMLButtonElement>;
  };

export function Button({
  variant,
  size,
  block,
  iconOnly,
  unavailable,
  className,
  busy = false,
  type = 'button',
  children,
  ...rest
}: ButtonProps) {
  const onDark = variant === 'primary' || variant === 'danger' || variant === 'on-warning';
  return (
    <button
      type={type}
      className={buttonClass({ variant, size, block, iconOnly, unavailable, className })}
      aria-busy={busy || undefined}
      {...rest}
    >
      {busy && <Spinner size="small" onDark={onDark} />}
      {children}
    </button>
  );
}
