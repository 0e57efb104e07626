import { useTranslation } from 'react-i18next';
import { NAMESPACE } from './namespace.ts';

export function Loading() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <div className="loading" role="status">
      <span className="spinner" aria-hidden="true" />
      <span>{t('loading')}</span>
    </div>
  );
}
