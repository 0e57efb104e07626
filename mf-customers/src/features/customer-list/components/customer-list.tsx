import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NAMESPACE } from '../../../app/namespace.ts';
import { CUSTOMER_TYPES, customerTypeKey } from '../customer-types.ts';

/** /dashboard/customers: the list arrives with the customer API; until then, what it will hold. */
export function CustomerList() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <div>
      <header className="page-header">
        <div>
          <h1>{t('list.title')}</h1>
          <p>{t('list.lead')}</p>
        </div>
        <Link to="/dashboard/customers/create" className="button button--primary">
          {t('list.create')}
        </Link>
      </header>
      <section className="coming-soon">
        <span className="badge">{t('comingSoon')}</span>
        <h2>{t('list.emptyTitle')}</h2>
        <p>{t('list.emptyText')}</p>
        <ul className="customer-types" aria-label={t('list.typesLabel')}>
          {CUSTOMER_TYPES.map((type) => (
            <li key={type}>{t(customerTypeKey(type))}</li>
          ))}
        </ul>
      </section>
    </div>
  );
}
