import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { NAMESPACE } from '../../../app/namespace.ts';
import { Icon } from '../../../components/icon.tsx';

/**
 * /quotations/recipients/organization/:uuid when logged out (a public route: docs/product/customers.md#verification). A customer's
 * contact gets here from an older link or a forwarded address; without the link's secret part the
 * details cannot be shown, so the page says how to get to them instead of showing a broken form.
 */
export function OpenLinkFromEmailPage() {
  const { t } = useTranslation(NAMESPACE);
  const { pathname, search } = useLocation();
  return (
    <section className="card recipient-page" aria-labelledby="recipient-title">
      <h1 id="recipient-title">{t('verify.title')}</h1>
      <div className="recipient-state">
        <span className="customers-status-icon" aria-hidden="true">
          <Icon name="link" size={26} />
        </span>
        <h2>{t('verify.openFromEmail.title')}</h2>
        <p>{t('verify.openFromEmail.text')}</p>
        <p className="recipient-muted">{t('verify.openFromEmail.freelancer')}</p>
        <Link to={`/login?redirect=${encodeURIComponent(pathname + search)}`} className="button">
          {t('verify.openFromEmail.login')}
        </Link>
      </div>
    </section>
  );
}
