import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NAMESPACE } from '../../../app/namespace.ts';

/** /dashboard/pinebucket-confirmation: where the bank registration flow returns. */
export function BankReturn() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <section className="message-card">
      <span className="badge">{t('comingSoon')}</span>
      <h1>{t('bankReturn.title')}</h1>
      <p>{t('bankReturn.text')}</p>
      <Link to="/dashboard/salaries/transactions" className="button button--primary">
        {t('bankReturn.continue')}
      </Link>
    </section>
  );
}
