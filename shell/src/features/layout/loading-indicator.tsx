import { useTranslation } from 'react-i18next';

/** A loading indicator with the text "Loading..." (docs/product/web-app.md#loading-and-failures). */
export function LoadingIndicator({ fullPage = false }: { fullPage?: boolean }) {
  const { t } = useTranslation('shell');
  return (
    <div className={fullPage ? 'loading loading--page' : 'loading'} role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span>{t('loading')}</span>
    </div>
  );
}
