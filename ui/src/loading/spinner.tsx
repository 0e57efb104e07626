import { cx } from '../class-names.ts';
import styles from './spinner.module.css';

/** A turning ring; decorative (say "Loading..." or "Saving..." in text beside it). */
export function Spinner({ size = 'normal', onDark = false }: { size?: 'normal' | 'small'; onDark?: boolean }) {
  return (
    <span
      className={cx(styles.spinner, size === 'small' && styles.small, onDark && styles.onDark)}
      aria-hidden="true"
    />
  );
}
