import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { NAMESPACE } from '../../../app/namespace.ts';

/** Create or edit a customer (from the customer list or from the invoice wizard). */
export function CustomerForm() {
  const { t } = useTranslation(NAMESPACE);
  const { uuid } = useParams();
  return (
    <div>
      <header className="page-header">
        <div>
          <h1>{uuid ? t('form.editTitle') : t('form.createTitle')}</h1>
          <p>{t('form.lead')}</p>
        </div>
        <Link to="/dashboard/customers" className="button">
          {t('form.back')}
        </Link>
      </header>
      <section className="coming-soon">
        <span className="badge">{t('comingSoon')}</span>
        <p>{t('form.coming')}</p>
      </section>
    </div>
  );
}
