import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function NotFound() {
  const { t } = useTranslation('shell');
  return (
    <section className="message-card">
      <p className="message-card__eyebrow">404</p>
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.text')}</p>
      <Link to="/dashboard/home" className="button button--primary">
        {t('notFound.home')}
      </Link>
    </section>
  );
}
