import { useTranslation } from 'react-i18next';

/** Spec §2: a loading indicator with the text "Loading...". */
export function LoadingIndicator({ fullPage = false }: { fullPage?: boolean }) {
  const { t } = useTranslation('shell');
  return (
    <div className={fullPage ? 'loading loading--page' : 'loading'} role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span>{t('loading')}</span>
    </div>
  );
}
