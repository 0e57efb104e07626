import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NAMESPACE } from '../../../app/namespace.ts';

/** /dashboard/invoices: the list arrives with the invoice API; until then, what it will hold. */
export function InvoiceList() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <div>
      <header className="page-header">
        <div>
          <h1>{t('list.title')}</h1>
          <p>{t('list.lead')}</p>
        </div>
        <Link to="/quotations/create" className="button button--primary">
          {t('dashboard.createInvoice')}
        </Link>
      </header>
      <section className="coming-soon">
        <span className="badge">{t('comingSoon')}</span>
        <h2>{t('list.emptyTitle')}</h2>
        <p>{t('list.emptyText')}</p>
      </section>
    </div>
  );
}
