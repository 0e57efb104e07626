import { useTranslation } from 'react-i18next';
import { Icon } from '../layout/icons.tsx';

/** The BFF did not answer the session call: not the same as logged out, so say so and offer a retry. */
export function SessionUnavailable({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('shell');
  return (
    <section className="remote-error" role="alert">
      <span className="remote-error__icon" aria-hidden="true">
        <Icon name="alert" size={28} />
      </span>
      <h1>{t('sessionError.title')}</h1>
      <p>{t('sessionError.text')}</p>
      <button type="button" className="button button--primary" onClick={onRetry}>
        <Icon name="refresh" size={18} />
        {t('remoteError.retry')}
      </button>
    </section>
  );
}
