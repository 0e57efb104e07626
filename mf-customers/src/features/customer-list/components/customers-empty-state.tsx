import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NAMESPACE } from '../../../app/namespace.ts';
import { EmptyState } from '@frilo/ui/empty-state';
import { Icon } from '@frilo/ui/icon';
import { CUSTOMER_TYPES, customerTypeKey } from '../../../lib/customer-types.ts';
import { buttonClass } from '@frilo/ui/button';
import * as icons from '@frilo/ui/icons';

/** A new user's list: what customers are for, and one clear way to add the first. */
export function CustomersEmptyState() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <EmptyState
      className="customers-empty-state"
      titleId="customers-empty-title"
      title={t('list.empty.title')}
      icon={icons.users}
      actions={
        <Link to="/dashboard/customers/create" className={buttonClass({ variant: 'primary' })}>
          <Icon icon={icons.plus} size={18} />
          {t('list.empty.create')}
        </Link>
      }
    >
      <p>{t('list.empty.text')}</p>
      <ul className="customers-empty__types" aria-label={t('list.empty.typesLabel')}>
        {CUSTOMER_TYPES.map((type) => (
          <li key={type}>{t(customerTypeKey(type))}</li>
        ))}
      </ul>
    </EmptyState>
  );
}
