import { useTranslation } from 'react-i18next';
import { Button, buttonClass } from '@frilo/ui/button';
import { countryName } from '@frilo/ui/countries';
import { ResponsiveTable } from '@frilo/ui/responsive-table';
import { useShell } from '@frilo/ui/shell-context';
import { NAMESPACE } from '../../../app/namespace.ts';
import { day, moment } from '../../../lib/format.ts';
import { formatSek as sek } from '@frilo/ui/money';
import { payslipUrl, type SalaryTransaction } from '../api/transactions.ts';
import { StatusLabel } from './status-label.tsx';

/** The rows with the fields of spec §3: reference, createdAt, amount, status, from, to, address_city, address_country. */
export function TransactionResults({
  rows,
  onOpen,
}: {
  rows: SalaryTransaction[];
  onOpen: (row: SalaryTransaction) => void;
}) {
  const { t } = useTranslation(NAMESPACE);
  const { locale } = useShell();
  const place = (row: SalaryTransaction) =>
    [row.addressCity, row.addressCountry && countryName(row.addressCountry, locale)].filter(Boolean).join(', ') || '–';
  const actions = (row: SalaryTransaction, small = true) => (
    <>
      <Button size={small ? 'small' : 'normal'} onClick={() => onOpen(row)}>
        {t('list.details')}
        <span className="visually-hidden"> {row.reference}</span>
      </Button>
      {row.payoutId && (
        <a href={payslipUrl(row.payoutId)} download className={buttonClass({ size: small ? 'small' : 'normal' })}>
          {t('payslip')}
          <span className="visually-hidden"> {row.reference}</span>
        </a>
      )}
    </>
  );
  return (
    <ResponsiveTable
      caption={t('list.caption')}
      rows={rows}
      rowKey={(row) => row.id}
      cardsBelow="xl"
      tight
      columns={[
        {
          key: 'date',
          header: t('list.columns.date'),
          cell: (row) => (
            <>
              <div>{day(row.date, locale)}</div>
              <div className="salary-muted">{t('list.created', { moment: moment(row.createdAt, locale) })}</div>
            </>
          ),
        },
        {
          key: 'reference',
          header: t('list.columns.reference'),
          cell: (row) => (
            <>
              <div>{row.reference}</div>
              <div className="salary-muted">{t(`kind.${row.kind}`)}</div>
            </>
          ),
        },
        {
          key: 'from',
          header: t('list.columns.fromTo'),
          className: 'salary-from-to',
          cell: (row) => (
            <>
              <div>{row.from}</div>
              {(row.addressCity || row.addressCountry) && <div className="salary-muted">{place(row)}</div>}
              <div className="salary-muted">{t('list.to', { to: row.to ?? '–' })}</div>
            </>
          ),
        },
        {
          key: 'amount',
          header: t('list.columns.amount'),
          className: 'salary-amount',
          cell: (row) => sek(row.amount, locale),
        },
        {
          key: 'status',
          header: t('list.columns.status'),
          className: 'salary-status-cell',
          // The words carry the day (utbetalning 2 dec, utbetald 2 dec): no second line for it.
          cell: (row) => <StatusLabel row={row} />,
        },
        {
          key: 'actions',
          header: t('list.columns.actions'),
          headerHidden: true,
          actions: true,
          cell: (row) => <div className="salary-row-actions">{actions(row)}</div>,
        },
      ]}
      card={(row) => (
        <>
          <div className="salary-card__top">
            <h3 className="salary-card__title">
              {t(`kind.${row.kind}`)} {row.reference}
            </h3>
            <StatusLabel row={row} />
          </div>
          <p className="salary-card__amount">{sek(row.amount, locale)}</p>
          <dl className="salary-card__facts">
            <div>
              <dt>{t('list.columns.date')}</dt>
              <dd>{day(row.date, locale)}</dd>
            </div>
            <div>
              <dt>{t('list.from')}</dt>
              <dd>{row.from}</dd>
            </div>
            <div>
              <dt>{t('list.toLabel')}</dt>
              <dd>{row.to ?? '–'}</dd>
            </div>
            <div>
              <dt>{t('list.columns.place')}</dt>
              <dd>{place(row)}</dd>
            </div>
            <div>
              <dt>{t('list.createdLabel')}</dt>
              <dd>{moment(row.createdAt, locale)}</dd>
            </div>
            {row.expectedPayoutDate && (
              <div>
                <dt>{t('list.expectedLabel')}</dt>
                <dd>{day(row.expectedPayoutDate!, locale)}</dd>
              </div>
            )}
          </dl>
          <div className="salary-card__actions">{actions(row, false)}</div>
        </>
      )}
    />
  );
}
