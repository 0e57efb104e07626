// Frilo's icons: inline SVG (no icon font, no request) drawn with round strokes in the current
// text colour. Always decorative (aria-hidden): say what they mean in text.
//   import * as icons from '@frilo/ui/icons';  <Icon icon={icons.alert} />
import { cx } from '../class-names.ts';
import styles from './icon.module.css';

export function Icon({
  icon,
  size = 20,
  strokeWidth = 1.8,
  className,
}: {
  /** The path data of one of @frilo/ui/icons. */
  icon: string;
  size?: number;
  strokeWidth?: number;
  className?: string;
}) {
  return (
    <svg
      className={cx(styles.icon, className)}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={icon} />
    </svg>
  );
}
