import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NAMESPACE } from '../../../app/namespace.ts';
import { EmailText } from '../../../components/email-text.tsx';
import { Icon } from '../../../components/icon.tsx';
import { customerTypeKey, type Customer } from '../../../lib/customer-types.ts';
import { ProblemChips } from './problem-chips.tsx';
import { VerifiedBadge } from './verified-badge.tsx';

/** The customers as cards, below the md breakpoint (a table does not fit a phone). */
export function CustomerCards({ customers, onDelete }: { customers: Customer[]; onDelete: (c: Customer) => void }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <ul className="customer-cards" aria-label={t('list.tableCaption')}>
      {customers.map((customer) => (
        <li key={customer.id} className="customer-card">
          <div className="customer-card__top">
            <h2 className="customer-card__name">
              <Link to={`/dashboard/customers/edit/${customer.id}`}>{customer.name}</Link>
            </h2>
            {customer.verified && <VerifiedBadge />}
          </div>
          <p className="customer-card__meta">
            {t(customerTypeKey(customer.type))}
            {customer.governmentId && <> · {customer.governmentId}</>}
          </p>
          <p className="customer-card__email">
            <EmailText email={customer.email ?? customer.contactPersonEmail} />
          </p>
          <ProblemChips codes={customer.problemCodes} />
          <div className="customer-card__actions">
            <Link to={`/dashboard/customers/edit/${customer.id}`} className="button button--small">
              <Icon name="edit" size={16} />
              {t('list.edit')}
              <span className="visually-hidden"> {customer.name}</span>
            </Link>
            <button
              type="button"
              className="button button--small customers-button--danger-quiet"
              onClick={() => onDelete(customer)}
            >
              <Icon name="trash" size={16} />
              {t('list.delete')}
              <span className="visually-hidden"> {customer.name}</span>
            </button>
          </div>
        </li>
      ))}
    </ul>
  );
}
