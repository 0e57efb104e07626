import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '@frilo/ui/button';
import { Icon } from '@frilo/ui/icon';
import { ResponsiveTable } from '@frilo/ui/responsive-table';
import { NAMESPACE } from '../../../app/namespace.ts';
import { EmailText } from '../../../components/email-text.tsx';
import { customerTypeKey, type Customer } from '../../../lib/customer-types.ts';
import type { ListQuery } from '../state/list-query.ts';
import { ProblemChips } from './problem-chips.tsx';
import { VerifiedBadge } from './verified-badge.tsx';
import * as icons from '@frilo/ui/icons';
import { formatSwedishId } from '@frilo/ui/swedish-ids';
import { HOME_COUNTRY } from '../../../lib/customer-rules.ts';

/** A Swedish number in its usual form (NNNNNN-NNNN, YYYYMMDD-NNNN); a foreign one as it was given. */
const shownId = (customer: Customer) =>
  customer.address.country === HOME_COUNTRY
    ? formatSwedishId(customer.governmentId) || '–'
    : (customer.governmentId ?? '–');

/**
 * The customers: a table from md up, cards below it (docs/product/web-app.md#breakpoints: mobile is
 * below md). Beside the sidebar up to xl the identification column is left out so name and type,
 * where invoices go, the status and the actions fit without scrolling sideways; long names and
 * addresses wrap (an address keeps its whole text as a title).
 */
export function CustomerResults({
  customers,
  sort,
  onDelete,
}: {
  customers: Customer[];
  sort: Pick<ListQuery, 'sort' | 'order'>;
  onDelete: (customer: Customer) => void;
}) {
  const { t } = useTranslation(NAMESPACE);
  const editPath = (customer: Customer) => `/dashboard/customers/edit/${customer.id}`;
  // Where invoices go: Peppol for an e-invoice customer, else the invoice email. Its absence is not
  // said here: the status says it where it blocks sending (problem 3, the BFF's sending rule).
  const invoicesTo = (customer: Customer) =>
    customer.eInvoice ? (
      <span className="customer-table__channel">{t('list.eInvoice')}</span>
    ) : customer.email ? (
      <span className="customer-table__address" title={customer.email}>
        <EmailText email={customer.email} />
      </span>
    ) : (
      <span className="customer-table__muted">{t('list.noInvoiceEmail')}</span>
    );
  return (
    <ResponsiveTable
      caption={t('list.tableCaption')}
      rows={customers}
      rowKey={(customer) => customer.id}
      cardsBelow="md"
      columns={[
        {
          key: 'name',
          header: t('list.columns.name'),
          sort: sort.sort === 'name' ? (sort.order === 'asc' ? 'ascending' : 'descending') : undefined,
          cell: (customer) => (
            <>
              <div className="customer-table__name">
                <Link to={editPath(customer)}>{customer.name}</Link>
                {customer.verified && <VerifiedBadge />}
              </div>
              <div className="customer-table__muted">{t(customerTypeKey(customer.type))}</div>
            </>
          ),
        },
        {
          key: 'identity',
          header: t('list.columns.identity'),
          hideBelow: 'xl',
          cell: (customer) => (
            <>
              <div className="customer-table__identity">{shownId(customer)}</div>
              {customer.vatNumber && <div className="customer-table__muted">{customer.vatNumber}</div>}
            </>
          ),
        },
        {
          key: 'invoicesTo',
          header: t('list.columns.invoicesTo'),
          className: 'customer-table__email',
          cell: invoicesTo,
        },
        {
          key: 'status',
          header: t('list.columns.status'),
          cell: (customer) => <ProblemChips codes={customer.problemCodes} />,
        },
        {
          key: 'actions',
          header: t('list.columns.actions'),
          headerHidden: true,
          actions: true,
          cell: (customer) => (
            <>
              <Link
                to={editPath(customer)}
                className={buttonClass({ size: 'small', iconOnly: true })}
                title={t('list.edit')}
              >
                <Icon icon={icons.edit} size={16} />
                <span className="visually-hidden">
                  {t('list.edit')} {customer.name}
                </span>
              </Link>
              <button
                type="button"
                className={buttonClass({ size: 'small', iconOnly: true, variant: 'danger-quiet' })}
                title={t('list.delete')}
                onClick={() => onDelete(customer)}
              >
                <Icon icon={icons.trash} size={16} />
                <span className="visually-hidden">
                  {t('list.delete')} {customer.name}
                </span>
              </button>
            </>
          ),
        },
      ]}
      card={(customer) => (
        <>
          <div className="customer-card__top">
            <h2 className="customer-card__name">
              <Link to={editPath(customer)}>{customer.name}</Link>
            </h2>
            {customer.verified && <VerifiedBadge />}
          </div>
          <p className="customer-card__meta">
            {t(customerTypeKey(customer.type))}
            {customer.governmentId && <> · {shownId(customer)}</>}
          </p>
          <p className="customer-card__email">{invoicesTo(customer)}</p>
          <ProblemChips codes={customer.problemCodes} />
          <div className="customer-card__actions">
            <Link to={editPath(customer)} className={buttonClass({ size: 'small' })}>
              <Icon icon={icons.edit} size={16} />
              {t('list.edit')}
              <span className="visually-hidden"> {customer.name}</span>
            </Link>
            <button
              type="button"
              className={buttonClass({ size: 'small', variant: 'danger-quiet' })}
              onClick={() => onDelete(customer)}
            >
              <Icon icon={icons.trash} size={16} />
              {t('list.delete')}
              <span className="visually-hidden"> {customer.name}</span>
            </button>
          </div>
        </>
      )}
    />
  );
}
