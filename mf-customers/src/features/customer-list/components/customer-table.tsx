import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NAMESPACE } from '../../../app/namespace.ts';
import { EmailText } from '../../../components/email-text.tsx';
import { Icon } from '../../../components/icon.tsx';
import { customerTypeKey, type Customer } from '../../../lib/customer-types.ts';
import type { ListQuery } from '../state/list-query.ts';
import { ProblemChips } from './problem-chips.tsx';
import { VerifiedBadge } from './verified-badge.tsx';

/** The customers as a table, from the md breakpoint up. */
export function CustomerTable({
  customers,
  sort,
  onDelete,
}: {
  customers: Customer[];
  sort: Pick<ListQuery, 'sort' | 'order'>;
  onDelete: (customer: Customer) => void;
}) {
  const { t } = useTranslation(NAMESPACE);
  const nameSort = sort.sort === 'name' ? (sort.order === 'asc' ? 'ascending' : 'descending') : undefined;
  return (
    <div className="customer-table__frame">
      <table className="customer-table">
        <caption className="visually-hidden">{t('list.tableCaption')}</caption>
        <thead>
          <tr>
            <th scope="col" aria-sort={nameSort}>
              {t('list.columns.name')}
            </th>
            <th scope="col">{t('list.columns.identity')}</th>
            <th scope="col">{t('list.columns.email')}</th>
            <th scope="col">{t('list.columns.status')}</th>
            <th scope="col" className="customer-table__actions-head">
              <span className="visually-hidden">{t('list.columns.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {customers.map((customer) => (
            <tr key={customer.id}>
              <td>
                <div className="customer-table__name">
                  <Link to={`/dashboard/customers/edit/${customer.id}`}>{customer.name}</Link>
                  {customer.verified && <VerifiedBadge />}
                </div>
                <div className="customer-table__muted">{t(customerTypeKey(customer.type))}</div>
              </td>
              <td>
                <div className="customer-table__identity">{customer.governmentId ?? '–'}</div>
                {customer.vatNumber && <div className="customer-table__muted">{customer.vatNumber}</div>}
              </td>
              <td className="customer-table__email">
                <EmailText email={customer.email ?? customer.contactPersonEmail} />
              </td>
              <td>
                <ProblemChips codes={customer.problemCodes} />
              </td>
              <td className="customer-table__actions">
                <Link
                  to={`/dashboard/customers/edit/${customer.id}`}
                  className="button button--small customers-icon-button"
                  title={t('list.edit')}
                >
                  <Icon name="edit" size={16} />
                  <span className="visually-hidden">
                    {t('list.edit')} {customer.name}
                  </span>
                </Link>
                <button
                  type="button"
                  className="button button--small customers-icon-button customers-button--danger-quiet"
                  title={t('list.delete')}
                  onClick={() => onDelete(customer)}
                >
                  <Icon name="trash" size={16} />
                  <span className="visually-hidden">
                    {t('list.delete')} {customer.name}
                  </span>
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
