import { cx } from '../class-names.ts';
import { useUiText } from '../i18n/ui-text.tsx';
import styles from './loading.module.css';
import { Spinner } from './spinner.tsx';

/** A loading indicator with the text "Loading..." (the app's wording of `loading`; docs/product/web-app.md#loading-and-failures). */
export function LoadingIndicator({ fullPage = false }: { fullPage?: boolean }) {
  const text = useUiText();
  return (
    <div className={cx(styles.loading, fullPage && styles.page)} role="status" aria-live="polite">
      <Spinner />
      <span>{text('loading')}</span>
    </div>
  );
}
