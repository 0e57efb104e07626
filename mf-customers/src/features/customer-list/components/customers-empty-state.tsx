import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NAMESPACE } from '../../../app/namespace.ts';
import { Icon } from '../../../components/icon.tsx';
import { CUSTOMER_TYPES, customerTypeKey } from '../../../lib/customer-types.ts';

/** A new user's list: what customers are for, and one clear way to add the first. */
export function CustomersEmptyState() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <section className="customers-empty" aria-labelledby="customers-empty-title">
      <span className="customers-empty__icon" aria-hidden="true">
        <Icon name="users" size={28} />
      </span>
      <h2 id="customers-empty-title">{t('list.empty.title')}</h2>
      <p>{t('list.empty.text')}</p>
      <ul className="customers-empty__types" aria-label={t('list.empty.typesLabel')}>
        {CUSTOMER_TYPES.map((type) => (
          <li key={type}>{t(customerTypeKey(type))}</li>
        ))}
      </ul>
      <Link to="/dashboard/customers/create" className="button button--primary">
        <Icon name="plus" size={18} />
        {t('list.empty.create')}
      </Link>
    </section>
  );
}
